"""The shared machinery behind every game: state wrapper, validation, JSON, logging.

A game subclasses :class:`Game` and provides the rules as a few hooks:

* ``_setup(players, rng, deck, options) -> dict`` – the initial state data;
* ``legal_actions(state)`` – every legal decision of ``state.current_player``;
* ``_step(data, action)`` – apply a *legal* action, mutating ``data`` in place;
* ``scores`` / ``winners`` / ``view`` / ``determinize`` / ``_check_data``.

Everything else (argument checks, ``apply`` with its validation and copy,
``to_json``/``from_json``, the event log) is implemented once, here.

State data is a plain JSON-safe dict.  Keys common to every game:

``players`` (int), ``seed`` (int), ``rng`` (hex str), ``options`` (dict),
``current`` (int | None), ``over`` (bool), ``log`` (list of event dicts),
``turn`` (int, decisions applied so far).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

from . import actions
from .errors import IllegalAction, shown
from .jsonio import JSON, canonical, copy_json, dump_state, load_state
from .rng import Rng, fresh_seed

Action = dict[str, Any]
View = dict[str, Any]

#: How many recent events ``view`` returns for the log.
VIEW_LOG_LENGTH = 60
#: Seeds are stored in the state and saved as JSON: keep them to 64 bits (either sign).
SEED_LIMIT = 1 << 64


class _NoDraws(Rng):
    """The RNG handed to the steps of a game with ``steps_draw = False``: drawing from it is a bug."""

    __slots__ = ()

    def next64(self) -> int:
        raise AssertionError("this game's steps were declared never to draw from the RNG (steps_draw)")

    def shuffle(self, items: Any) -> None:
        raise AssertionError("this game's steps were declared never to draw from the RNG (steps_draw)")


_NO_DRAWS = _NoDraws(0)


def _bounded(message: str, limit: int = 400) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _as_text(action: JSON) -> str:
    """An action (plain JSON, small: see :func:`actions.as_json`) as compact JSON, or a short repr."""
    try:
        text = canonical(action)
    except ValueError:  # an int too long to write
        return shown(action)
    return text if len(text) <= 200 else shown(action)


class State:
    """An immutable-by-convention game state: the game's name plus its JSON-safe data.

    Never mutate ``data`` of a state you did not create; :meth:`Game.apply`
    always returns a fresh state and leaves its argument untouched.
    """

    __slots__ = ("game", "data")

    def __init__(self, game: str, data: dict[str, JSON]) -> None:
        self.game = game
        self.data = data

    @property
    def current_player(self) -> int | None:
        """Seat whose decision is next; ``None`` once the game is over."""
        cur = self.data["current"]
        return None if cur is None else int(cur)

    def __repr__(self) -> str:
        return f"<State {self.game} turn={self.data.get('turn')} current={self.data.get('current')}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game == other.game and canonical(self.data) == canonical(other.data)

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """Base class of every game.  Subclasses set the class attributes and the hooks."""

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]  # {"ru": ..., "en": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Option name -> default value; the default's type is the option's type.
    option_defaults: ClassVar[dict[str, JSON]] = {}
    #: State keys holding lists that only ever grow and whose entries are never
    #: mutated (the log, finished rounds): ``apply`` copies them shallowly.
    append_only_keys: ClassVar[frozenset[str]] = frozenset({"log"})
    #: The exact set of keys of a valid state (checked by ``from_json``); empty: not checked.
    state_keys: ClassVar[frozenset[str]] = frozenset()
    #: The values of ``data["phase"]`` for games that keep one ("over" last); empty: no phase.
    phases: ClassVar[tuple[str, ...]] = ()
    #: Whether ``_step`` ever draws from the RNG (a game whose randomness is all in its setup says no).
    steps_draw: ClassVar[bool] = True
    #: Options added after format-1 saves were made (name -> the value those saves played with):
    #: ``from_json`` fills them in, so that older saves still load.
    options_added_later: ClassVar[dict[str, JSON]] = {}
    #: Every card id of a full deck -> number of copies.
    card_counts: ClassVar[Mapping[Any, int]] = {}
    #: Event name -> the fields every log entry of that event carries (besides ``n`` and ``e``);
    #: empty: the log's entries are not checked by ``from_json``.
    log_events: ClassVar[Mapping[str, frozenset[str]]] = {}

    # ----------------------------------------------------------------- setup
    def new_game(
        self,
        players: int,
        seed: int | None = None,
        deck: Sequence[Hashable] | None = None,
        options: Mapping[str, JSON] | None = None,
    ) -> State:
        """Start a game.  ``players`` outside the game's range, a bad option or deck -> ``ValueError``."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an int, got {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, got {shown(players)}"
            )
        players = int(players)
        if seed is None:
            seed = fresh_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an int or None, got {shown(seed)}")
        elif not -SEED_LIMIT < seed < SEED_LIMIT:
            raise ValueError(f"seed must be below 2**64 in size, got {shown(seed)}")
        seed = int(seed)
        opts = self._check_options(options, players)
        deck_list = None if deck is None else self._check_deck(deck, players, opts)
        rng = Rng.from_seed(seed)
        data = self._setup(players, rng, deck_list, opts)
        data.update(players=players, seed=seed, options=opts)
        data.setdefault("log", [])
        data.setdefault("turn", 0)
        data["rng"] = rng.to_hex()
        return State(self.name, data)

    def _check_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        opts = dict(self.option_defaults)
        if options is None:
            return opts
        if not isinstance(options, Mapping):
            raise ValueError(f"options must be a dict, got {type(options).__name__}")
        for key, value in options.items():
            if type(key) is not str or key not in self.option_defaults:
                known = ", ".join(sorted(self.option_defaults)) or "none"
                raise ValueError(f"unknown option {shown(key)} for {self.name}; known options: {known}")
            default = self.option_defaults[key]
            if type(value) is not type(default):
                raise ValueError(
                    f"option {key!r} must be {type(default).__name__}, got {shown(value)}"
                )
            opts[key] = value
        self._check_option_values(opts, players)
        return opts

    def _check_option_values(self, opts: dict[str, JSON], players: int) -> None:  # noqa: B027 - optional hook
        """Per-game range checks; raise ``ValueError``. A game whose options need none keeps this."""

    def _check_deck(self, deck: Sequence[Hashable], players: int, opts: dict[str, JSON]) -> list[Any]:
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
            raise ValueError(f"deck must be a list of card ids, got {type(deck).__name__}")
        deck_list = list(deck)
        card_types = {type(c) for c in self.card_counts}
        for card in deck_list:
            # Exact types: 1.0 and True equal the Клац! card 1, but are not card ids.
            if type(card) not in card_types or card not in self.card_counts:
                raise ValueError(f"unknown card id {shown(card)} in deck for {self.name}")
        for card, n in Counter(deck_list).items():
            if n > self.card_counts[card]:
                raise ValueError(
                    f"deck has {n} copies of {card!r}; {self.name} has only {self.card_counts[card]}"
                )
        return deck_list

    @abstractmethod
    def _setup(self, players: int, rng: Rng, deck: list[Any] | None, options: dict[str, JSON]) -> dict[str, JSON]:
        """Initial state data (without the common keys set by ``new_game``)."""

    # ------------------------------------------------------------------ play
    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every distinct legal decision for ``state.current_player``, in a stable order."""

    @abstractmethod
    def _step(self, data: dict[str, JSON], rng: Rng, action: Action) -> None:
        """Apply a legal ``action`` to ``data`` in place (no validation)."""

    def apply(self, state: State, action: object) -> State:
        """Return the state after ``action``; an illegal action raises :class:`IllegalAction`."""
        self._check_state_arg(state)
        if state.data["current"] is None:
            raise IllegalAction(f"{self.name}: the game is over; no action is legal (got {shown(action)})")
        found = self._match(state, action)
        if found is not None:
            return self.apply_unchecked(state, found)
        legal = self.legal_actions(state)
        plain = actions.as_json(action)
        if not isinstance(plain, dict):
            raise IllegalAction(
                f"{self.name}: an action must be a dict (a JSON object) with a 'type' key, like {canonical(legal[0])}; "
                f"got {shown(action)}"
            )
        raise IllegalAction(self._explain(state, plain, legal))

    def _match(self, state: State, action: object) -> Action | None:
        """The legal action that ``action`` is JSON-equal to, or ``None``.

        A game may override this with a direct check of its common actions (no
        list of every legal action built); it must return the engine's own copy
        of the action, never the caller's object, and agree with ``legal_actions``.
        """
        return actions.find(action, self.legal_actions(state))

    def apply_unchecked(self, state: State, action: Action) -> State:
        """Apply an action known to be legal (search bots use this for speed)."""
        data = self._copy_data(state.data)
        if not self.steps_draw:
            self._step(data, _NO_DRAWS, action)
        else:
            rng = Rng.from_hex(data["rng"])
            start = rng.state
            self._step(data, rng, action)
            if rng.state != start:  # most steps draw nothing: keep the saved text as it is
                data["rng"] = rng.to_hex()
        data["turn"] += 1
        return State(self.name, data)

    def _copy_data(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """The copy that ``apply`` mutates: this is the engine's hot path.

        Options never change and append-only lists never change their entries,
        so neither needs a deep copy.  A game may override this with a copy
        shaped for its own state.
        """
        shallow = self.append_only_keys
        return {
            k: v if k == "options" else list(v) if k in shallow else copy_json(v)
            for k, v in data.items()
        }

    def _explain(self, state: State, action: dict[str, JSON], legal: list[Action]) -> str:
        """Why ``action`` (plain JSON, bounded in depth, see :func:`actions.as_json`) is not legal."""
        seat = state.current_player
        types = sorted({str(a["type"]) for a in legal})
        kind = action.get("type")
        if type(kind) is not str or kind not in types:
            reason = f"action type {shown(kind)} is not possible now (possible: {', '.join(types)})"
        else:
            same = [a for a in legal if a["type"] == kind]
            keys = sorted(same[0])
            if sorted(action) != keys:
                reason = f"a {kind!r} action has exactly the keys {keys}, got {shown(sorted(action))}"
            else:
                reason = f"{_as_text(action)} is not legal now"
                listed = ", ".join(canonical(a) for a in same[:8])
                more = f" and {len(same) - 8} more" if len(same) > 8 else ""
                return f"{self.name}: seat {seat}: {reason}; legal {kind!r} actions: {listed}{more}"
        return f"{self.name}: seat {seat}: {reason}"

    def is_over(self, state: State) -> bool:
        return bool(state.data["over"])

    @abstractmethod
    def scores(self, state: State) -> list[int]:
        """One score per seat: running totals while in play, final when over."""

    @abstractmethod
    def winners(self, state: State) -> list[int]:
        """Seats that won; ``[]`` while in play."""

    @abstractmethod
    def view(self, state: State, player: int) -> View:
        """What ``player`` may see, built from an allow-list of public data."""

    @abstractmethod
    def determinize(self, view: View, rng: Rng) -> State:
        """A full state consistent with ``view``: unseen cards dealt at random."""

    # ------------------------------------------------------------------ json
    def to_json(self, state: State) -> str:
        self._check_state_arg(state)
        return dump_state(self.name, state.data)

    def from_json(self, text: str) -> State:
        data = load_state(text, self.name)
        options = data.get("options")
        if isinstance(options, dict) and options and self.options_added_later:
            data["options"] = {**self.options_added_later, **options}
        try:
            self._check_common(data)
            self._check_data(data)
        except ValueError as exc:
            raise ValueError(f"saved {self.name} game is inconsistent: {_bounded(str(exc))}") from None
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(
                f"saved {self.name} game is malformed: {type(exc).__name__}: {_bounded(str(exc))}"
            ) from None
        return State(self.name, data)

    def _check_common(self, d: dict[str, JSON]) -> None:
        if self.state_keys and set(d) != self.state_keys:
            extra, missing = sorted(set(d) - self.state_keys), sorted(self.state_keys - set(d))
            raise ValueError(f"unexpected keys {extra} / missing keys {missing}")
        if self.phases:
            phase = d["phase"]
            if phase not in self.phases:
                raise ValueError(f"unknown phase {shown(phase)}")
            if (phase == "over") != d["over"]:
                raise ValueError(f"phase {shown(phase)} does not match over={shown(d['over'])}")
        players = d["players"]
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {shown(players)}")
        seed, turn = d["seed"], d["turn"]
        if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT or type(turn) is not int or turn < 0:
            raise ValueError(f"bad seed {shown(seed)} or turn {shown(turn)}")
        if type(d["over"]) is not bool:
            raise ValueError(f"bad over flag {shown(d['over'])}")
        rng = d["rng"]
        if type(rng) is not str or len(rng) != 16 or rng.strip("0123456789abcdef"):
            raise ValueError(f"bad RNG state {shown(rng)}")
        options = d["options"]
        if not isinstance(options, dict) or set(options) != set(self.option_defaults):
            raise ValueError(f"options must set exactly {sorted(self.option_defaults)}, got {shown(options)}")
        self._check_options(options, players)
        cur = d["current"]
        if d["over"] != (cur is None) or (cur is not None and (type(cur) is not int or not 0 <= cur < players)):
            raise ValueError(f"bad current player {shown(cur)}")
        self._check_log(d["log"])

    def _check_log(self, log: JSON) -> None:
        """Each entry an event of this game, numbered in order, with its fields (``view`` and the UI read them)."""
        if not isinstance(log, list):
            raise ValueError("log must be a list")
        if not self.log_events:
            return
        # Numbered consecutively; a determinized state keeps only the view's recent events.
        start = log[0].get("n") if log and isinstance(log[0], dict) else 0
        if type(start) is not int or start < 0:
            raise ValueError(f"bad log numbering {shown(start)}")
        for i, entry in enumerate(log):
            if not isinstance(entry, dict) or type(entry.get("n")) is not int or entry["n"] != start + i:
                raise ValueError(f"log entry {i} is not an event numbered {start + i}: {shown(entry)}")
            event = entry.get("e")
            fields = self.log_events.get(event) if type(event) is str else None
            if fields is None or not fields <= entry.keys():
                raise ValueError(f"log entry {i} is not a {self.name} event with its fields: {shown(entry)}")

    @abstractmethod
    def _check_data(self, d: dict[str, JSON]) -> None:
        """Game-specific validation of loaded data; raise ``ValueError`` on any defect."""

    # --------------------------------------------------------------- helpers
    def _check_state_arg(self, state: object) -> None:
        if not isinstance(state, State) or state.game != self.name:
            raise TypeError(f"expected a {self.name} State, got {shown(state)}")

    @staticmethod
    def _log(data: dict[str, JSON], entry: dict[str, JSON]) -> None:
        """Append a *public* event ``{"e": name, field: value, ...}`` to the log, numbered ``n``.

        Never put hidden information here.  (The entry is built by the caller as a
        literal: keyword arguments cost more than the rest of a step's logging.)
        """
        log = data["log"]
        entry["n"] = log[-1]["n"] + 1 if log else 0
        log.append(entry)

    @staticmethod
    def _recent_log(data: dict[str, JSON]) -> list[JSON]:
        return copy_json(data["log"][-VIEW_LOG_LENGTH:])

    @staticmethod
    def _data_from_view(view: View, rng: Rng, players: int) -> dict[str, JSON]:
        """The common state keys of a determinized state (``determinize`` adds the game's own).

        The seed is unknown to a viewer (0 stands in) and the RNG gets a fresh state from ``rng``.
        """
        return {
            "players": players,
            "seed": 0,
            "rng": f"{rng.next64():016x}",
            "options": copy_json(view["options"]),
            "current": view["current_player"],
            "over": view["over"],
            "turn": view["turn"],
            "log": copy_json(view["log"]),
        }

    def _view_common(self, data: dict[str, JSON], player: int) -> View:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < data["players"]:
            raise ValueError(f"player must be a seat 0..{data['players'] - 1}, got {shown(player)}")
        return {
            "game": self.name,
            "players": data["players"],
            "me": player,
            "current_player": data["current"],
            "over": data["over"],
            "options": copy_json(data["options"]),
            "turn": data["turn"],
            "log": self._recent_log(data),
        }
