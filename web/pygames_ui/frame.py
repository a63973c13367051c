"""What one pair of eyes sees of the game at the table: a frame, computed once per render.

:func:`frame_of` is pure: given the game at the table and the person holding the
device (the *viewer*), it says which seat's view shows, whether its private part may
show, whether that seat decides now and with which legal moves, whether the device
must first be handed to someone, and the public log. Screens, tables and hints draw
from a frame (with the translator); they never read the app. The same function serves
every viewer, so a device that shows another seat (a guest's, on another device) is
drawn from the same rules about what may show.

Handing the device on is not a side effect of drawing: after each move the app calls
:func:`next_viewer` and keeps the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pygames_core.base import Action, Game, State
from pygames_core.rng import Rng

from .session import Seat, Session


@dataclass(frozen=True)
class Frame:
    """Everything a screen needs about the game for one seat's eyes."""

    game: Game
    seats: tuple[Seat, ...]
    view: dict[str, Any]  # game.view(state, seat) for the seat shown
    seat: int  # whose view is shown
    show_private: bool  # False while the device is passed, or others play at a table of several people: no hand on screen
    my_turn: bool  # the shown seat is a person whose decision is next
    legal: list[Action]  # legal actions when my_turn, else []
    current: int | None  # whose turn it is (None: the game is over)
    over: bool
    pass_to: int | None  # the person the device must be handed to before his hand shows
    turn_banner: int | None  # the person whose turn it is, when several share the device
    winners: list[int] = field(default_factory=list)  # once over: who won
    #: The table's own saved state (``Session.ui``: summaries seen, the throw for who starts).
    ui: Mapping[str, Any] = field(default_factory=dict)
    #: Every public event of the game so far, oldest first (``view["log"]`` keeps only the latest).
    events: list[dict[str, Any]] = field(default_factory=list)
    #: Every seat's view, when every hand may show (the replay viewer); ``None`` in play.
    views: list[dict[str, Any]] | None = None
    #: The device is the shown seat's player's own (a guest's phone; the host's, with friends on
    #: theirs): sentences about that seat say "you", whatever name it has at the table.
    own_device: bool = False
    #: Seats of friends on other devices whose device is not connected now (nobody there to think).
    absent: frozenset[int] = frozenset()
    #: Seats of friends on other devices a bot plays for now (the host's choice while one was away).
    stand_ins: frozenset[int] = frozenset()
    #: When a bot played for a friend on another device: ``(seat, first event, end)``, the events
    #: numbered from ``first`` up to ``end`` (``None``: still), whose lines name the bot, not him.
    bot_spells: tuple[Spell, ...] = ()
    #: The seats a bot played for in the event being put into words (:meth:`Ctx.for_event`).
    by_bots: frozenset[int] = frozenset()
    #: A friend's device whose link to the host is lost: nothing moves on it until a new invite.
    cut_off: bool = False
    #: ... because the host has said he left the game (no connection will be tried again).
    host_gone: bool = False
    #: A friend's device whose move is on its way to the host: nothing to play until he answers.
    sent: bool = False


#: A bot's spell at a friend's seat: (seat, number of its first event, of the first after it or None).
Spell = tuple[int, int, int | None]


def next_event(state: State) -> int:
    """The number the game's next public event will have."""
    log = public_log(state)
    return int(log[-1]["n"]) + 1 if log else 0


def public_log(state: State) -> list[dict[str, Any]]:
    """The game's public events, oldest first.

    The engine's log holds only public events (``Game._log`` writes nothing a seat may
    not see), so it is the public log API: this is the one place the web layer reads it.
    """
    log: list[dict[str, Any]] = state.data["log"]
    return log


def seat_has_secrets(game: Game, state: State, seat: int, others: list[int]) -> bool:
    """True when ``game.view`` shows ``seat`` something a seat of ``others`` cannot know.

    The views are compared as they stand now, without the viewer's own ``me``: in a game
    where everything is face up they are equal, and pass-and-play needs no hiding. Views
    can also be equal by chance (two Клац! hands of the same cards), and the other seat
    still cannot know that: so equal views are checked once more against deals the other
    seat's view allows (its unseen cards dealt again, fixed seeds). Where all is face up,
    there is nothing to deal again and the seat's view stays the same.
    """
    def public(view: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in view.items() if k != "me"}

    mine = public(game.view(state, seat))
    for other in others:
        theirs = game.view(state, other)
        if public(theirs) != mine:
            return True
        for seed in REDEALS:
            if public(game.view(game.determinize(theirs, Rng.from_seed(seed)), seat)) != mine:
                return True
    return False


#: The deals tried when two views are equal (two of them: a redeal that gives the same hand
#: again is about as rare as the equal hands were).
REDEALS = (1, 2)


def has_secrets(session: Session, seat: int) -> bool:
    """True when ``seat`` would see something another person at the table must not see now."""
    return seat_has_secrets(session.game, session.state, seat, [h for h in session.humans if h != seat])


def next_viewer(session: Session, viewer: int | None) -> int | None:
    """Who holds the device once the position on the table is reached.

    The device goes on by itself to a person whose turn it is when nothing on screen is
    private (every hand face up); with one person at the table, it is always his. Otherwise
    it stays with ``viewer`` until that person's hand is asked for (the pass screen).
    """
    cur = session.state.current_player
    if cur is not None and session.seats[cur].is_human:
        if viewer != cur and not has_secrets(session, cur):
            return cur
    elif viewer is None and len(session.humans) == 1:
        return session.humans[0]
    return viewer


def frame_of(session: Session, viewer: int | None) -> Frame:
    """The frame of the game at the table for ``viewer`` (``None``: nobody in particular yet)."""
    game, state = session.game, session.state
    viewer = next_viewer(session, viewer)
    cur = state.current_player
    humans = session.humans
    over = game.is_over(state)
    pass_to = banner = None
    if cur is not None and session.seats[cur].is_human:
        seat, private = cur, viewer == cur
        if viewer != cur:  # next_viewer kept the device where it was: this hand is private
            pass_to = cur
        elif len(humans) >= 2 and not over:
            banner = cur
    else:
        seat = viewer if viewer is not None else (humans[0] if humans else 0)
        # Bots to move at a table of several people: a hand the others must not see goes face
        # down at once (it stayed up while the bots played, as the device went round).
        private = viewer is not None and (len(humans) < 2 or over or not has_secrets(session, viewer))
    my_turn = private and cur == seat
    return Frame(
        game=game, seats=tuple(session.seats), view=game.view(state, seat), seat=seat, show_private=private,
        my_turn=my_turn, legal=game.legal_actions(state) if my_turn else [], current=cur, over=over,
        pass_to=pass_to, turn_banner=banner, winners=game.winners(state) if over else [], ui=session.ui,
        events=public_log(state), own_device=bool(session.remote) and len(humans) == 1 and private,
    )


def replay_frame(session: Session) -> Frame:
    """The frame of a recorded game in the replay viewer: the seat to move (the first seat
    once over) seen with every hand shown, nobody deciding."""
    game, state = session.game, session.state
    seat = state.current_player if state.current_player is not None else 0
    views = [game.view(state, s) for s in range(len(session.seats))]
    return Frame(
        game=game, seats=tuple(session.seats), view=views[seat], seat=seat, show_private=True, my_turn=False,
        legal=[], current=state.current_player, over=game.is_over(state), pass_to=None, turn_banner=None,
        winners=game.winners(state) if game.is_over(state) else [], ui=session.ui, events=public_log(state),
        views=views,
    )


def seat_frame(session: Session, seat: int) -> Frame:
    """The frame of the game for a device that belongs to one seat (a guest's, on its own
    device): always that seat's own view, nobody to hand the device to."""
    game, state = session.game, session.state
    cur = state.current_player
    over = game.is_over(state)
    mine = cur == seat and not over
    return Frame(
        game=game, seats=tuple(session.seats), view=game.view(state, seat), seat=seat, show_private=True,
        my_turn=mine, legal=game.legal_actions(state) if mine else [], current=cur, over=over, pass_to=None,
        turn_banner=None, winners=game.winners(state) if over else [], ui=session.ui, events=public_log(state),
    )
