"""Learn by playing: one small generic player for the guided first game of each title.

A tutorial is data, one file per title (``tutorials/<game>.json``): the deal (seed,
``deck``, options, who sits where), and the steps in order. Each step is one of

* ``{"say": key, "at": selector}`` — an explanation: the text ``tutorial.<game>.<key>``
  next to the part of the table ``at`` names (a CSS selector), and a "Next" button;
* ``{"say": key, "do": action}`` — the learner makes ``action``: only its control is
  lit and answers; any other move is refused with the reason;
* either may add ``"see": selector``: another part of the table the text talks about (the
  cards just revealed), kept in view with the lit part where the text docks (on a phone);
* ``{"bot": action}`` — a bot's scripted move, played as a bot plays (paced, animated);
* the last step, an explanation, is the summary that ends the tutorial.

There are no rules here: the engine applies every move (``Game.apply``), so a rules change
that breaks a tutorial breaks its test. The position at step *k* is the deal with the moves
of the steps before *k* applied, so going back a step rebuilds it, and a save needs
only the tutorial's name and the step (``ui["tutorial"]``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

from pygames_core import games
from pygames_core.base import Action

from .session import HUMAN, Seat, Session

#: The titles with a tutorial, each in ``tutorials/<game>.json`` beside this module (read through
#: its loader: in the browser the package is a zip on ``sys.path``).
DATA = os.path.join(os.path.dirname(__file__), "tutorials")
#: The key of a game's tutorial state in ``Session.ui``.
UI_KEY = "tutorial"
#: The bot level the scripted bots are shown as (they never search: their moves are in the data).
BOT_KIND = "easy"


@dataclass(frozen=True)
class Step:
    say: str | None = None  # text key, under tutorial.<game>.
    do: Action | None = None  # the learner's move
    bot: Action | None = None  # a bot's move
    at: str | None = None  # the part of the table an explanation is about (CSS selector)
    see: str | None = None  # another part the text talks about, kept in view with the lit one

    @property
    def action(self) -> Action | None:
        return self.do if self.do is not None else self.bot


@dataclass(frozen=True)
class Tutorial:
    game: str
    seats: tuple[str, ...]  # "human" (the learner) or "bot", in seat order
    seed: int
    deck: list[Any] | None
    options: dict[str, Any]
    steps: tuple[Step, ...]

    @property
    def learner(self) -> int:
        return self.seats.index(HUMAN)

    def key(self, step: Step) -> str:
        return f"tutorial.{self.game}.{step.say}"

    def actions_before(self, index: int) -> list[Action]:
        """The moves the steps before ``index`` make, in order."""
        return [s.action for s in self.steps[:index] if s.action is not None]

    def session_at(self, index: int, names: list[str]) -> Session:
        """The game as it stands at step ``index``: the deal, and every move before it applied."""
        seats = [Seat(name, HUMAN if kind == HUMAN else BOT_KIND) for name, kind in zip(names, self.seats, strict=True)]
        session = Session.new(self.game, seats, dict(self.options), seed=self.seed, deck=self.deck)
        for action in self.actions_before(index):
            session.apply(action)
        session.ui[UI_KEY] = {"name": self.game, "step": index}
        session.ui["confirm"] = "off"  # each move is asked for, one at a time: nothing to confirm
        return session


@cache
def _text(game: str) -> str | None:
    try:
        data: bytes = __spec__.loader.get_data(os.path.join(DATA, f"{game}.json"))  # type: ignore[union-attr]
    except OSError:
        return None
    return data.decode("utf-8")


def names() -> list[str]:
    """The games that have a tutorial, in the order of the home screen."""
    return [name for name in games.names() if _text(name) is not None]


@cache
def load(game: str) -> Tutorial:
    """The tutorial of ``game`` (``KeyError`` if it has none; ``ValueError`` if its file is malformed)."""
    text = _text(game)
    if text is None:
        raise KeyError(f"no tutorial for {game!r}; tutorials: {', '.join(names())}")
    return parse(json.loads(text))


def parse(body: dict[str, Any]) -> Tutorial:
    """A tutorial from its data, with the shape checked (the moves are checked by playing them)."""
    game = body["game"]
    spec = games.get(game)
    seats = tuple(body["seats"])
    if seats.count(HUMAN) != 1 or any(k not in (HUMAN, "bot") for k in seats):
        raise ValueError("a tutorial has one learner (\"human\") and bots (\"bot\")")
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{game} is played by {spec.min_players} to {spec.max_players}")
    steps = []
    for raw in body["steps"]:
        unknown = set(raw) - {"say", "do", "bot", "at", "see"}
        if unknown or ("do" in raw and "bot" in raw) or ("say" not in raw and "bot" not in raw):
            raise ValueError(f"a tutorial step is an explanation, a move to make or a bot's move: {raw!r}")
        steps.append(Step(say=raw.get("say"), do=raw.get("do"), bot=raw.get("bot"), at=raw.get("at"),
                          see=raw.get("see")))
    if not steps or steps[-1].say is None or steps[-1].action is not None:
        raise ValueError("a tutorial ends with its summary (an explanation)")
    return Tutorial(game, seats, int(body["seed"]), body.get("deck"), dict(body.get("options") or {}), tuple(steps))


class Lesson:
    """A tutorial being played: the game at the table follows its steps (kept in ``ui["tutorial"]``)."""

    def __init__(self, tutorial: Tutorial, index: int) -> None:
        self.tutorial = tutorial
        self.index = index

    @classmethod
    def of(cls, session: Session | None) -> Lesson | None:
        """The lesson the game at the table is, if it is one."""
        mark = session.ui.get(UI_KEY) if session is not None else None
        if not isinstance(mark, dict):
            return None
        return cls(load(mark["name"]), mark["step"])

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.tutorial.steps) - 1

    @property
    def expected(self) -> Action | None:
        """The learner's move this step asks for (``None``: an explanation or a bot's move)."""
        return self.step.do

    @property
    def bot_move(self) -> Action | None:
        return self.step.bot

    def number(self) -> tuple[int, int]:
        """This step's number among the steps the learner sees (bots' moves are not counted), and how many."""
        shown = [i for i, s in enumerate(self.tutorial.steps) if s.say is not None]
        return sum(1 for i in shown if i <= self.index), len(shown)

    def advance(self, session: Session) -> None:
        """Go on to the next step (after its move was played, or "Next")."""
        if not self.last:
            self.index += 1
        session.ui[UI_KEY] = {"name": self.tutorial.game, "step": self.index}

    def back_index(self) -> int | None:
        """The step "Back" returns to: the learner's previous step (bots' moves are replayed), if any."""
        for i in range(self.index - 1, -1, -1):
            if self.tutorial.steps[i].say is not None:
                return i
        return None


def check_saved(mark: object, game: str, record: dict[str, Any]) -> dict[str, Any]:
    """``ui["tutorial"]`` as read from a save: the tutorial must exist for this game and the
    saved moves must be exactly its moves up to a step (else ``ValueError``): the saved one, or,
    where a newer version of the tutorial has steps added before it, the nearest step the same
    moves lead to (the lesson goes on there, not lost)."""
    if not isinstance(mark, dict) or set(mark) != {"name", "step"}:
        raise ValueError("the tutorial's place is not readable")
    name, index = mark["name"], mark["step"]
    if name != game or name not in names():
        raise ValueError("the tutorial is not this game's")
    tutorial = load(name)
    if type(index) is not int or not 0 <= index < len(tutorial.steps):
        raise ValueError("the tutorial has no such step")
    steps = sorted(range(len(tutorial.steps)), key=lambda i: (abs(i - index), i))
    found = next((i for i in steps if tutorial.actions_before(i) == record["actions"]), None)
    if found is None or record.get("deck") != tutorial.deck:
        raise ValueError("the tutorial's game is not where its step says")
    return {"name": name, "step": found}
