"""A guest's device: the invite it opened, its answer, and its seat's table drawn from the host's frames.

Opening an invite (``#j=…``) shows who invites to which game and seat (:func:`join_screen`).
"Join" asks the page for the WebRTC answer (``("p2p-answer", GUEST_PEER, offer_sdp)``); the answer is
shown three ways for the host to take: a QR code, a ``#a=`` link and a code to copy. Once the
data channel is open the guest says hello with its seat's token, and from then on draws
each frame the host sends with the game's ordinary table (:func:`table_screen`): the same
cards, log and animations; a click on the table becomes a move sent to the host, which
judges it.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from typing import Any

from pygames_core import games

from .. import screens
from ..dom import button, esc
from ..frame import Frame
from ..history import local_seats
from ..i18n import I18n
from ..log import GameLog
from ..session import HUMAN, REMOTE, Seat, Storage
from ..tables import Ctx, TableSet
from . import invite, protocol
from .guest import Guest
from .host import AWAY_S, PING_S
from .widgets import copy_field, qr_svg, stun_box

#: The page's id of this device's connection to its host, as a guest: apart from the host's
#: own connections, which are its friends' seat numbers (the first seat may be a friend's).
GUEST_PEER = -1


#: How long an answer may wait for its connection before the join screen says what may be wrong
#: (the host never took it; another device came in by the same invite first).
WAIT_HINT_S = 45.0
#: A move sent waits for the host's answer (a new table, or why not) before another may be sent:
#: meanwhile the table says it is on its way and offers nothing to play (a second tap would only
#: be refused). Unanswered this long while the host still answers pings, it was lost: it may go again.
LOST_MOVE_S = 2 * PING_S
#: The host not heard from this long (no table, no answer to the guest's pings) has gone quiet.
HOST_QUIET_S = AWAY_S


class Joining:
    """This device as a guest: its invite, its answer, its link to the host and the latest frame."""

    def __init__(self, spec: invite.Invite, build: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.invite = spec
        self.clock = clock
        self.answered_at: float | None = None  # when the answer was made (clock)
        self.hinted = False  # the join screen has said the answer waited long
        token = base64.urlsafe_b64encode(spec.token).decode("ascii").rstrip("=")
        self.guest = Guest(spec.seat, token, build)
        self.answer: str | None = None  # the answer's text, once the page made it
        self.connected = False
        self.asked = False  # the page was asked for the answer (once: a second Join would race the first)
        self.lost = False  # connected once, then the connection closed: this invite is spent
        self.unreached = False  # the answer was made, but the connection closed before it opened
        self.spent = False  # this device joined with this invite before (a reload): it cannot again
        self.new_game = False  # the host has just started another game (said once)
        self.games = 0  # how many times the host has played again (a new game's log starts over)
        self.news_at = 0  # the moves of the game when "the host has started a new game" was said
        self.seat_back = False  # the host has just handed this seat back from a bot (said once)
        self.results_closed = False  # the game-over summary put away, to look at the final table
        self.ui: dict[str, Any] = {}  # the table's own state here (summaries read)
        self.log = GameLog()  # the move log beside the table
        self.effects: list[tuple[object, ...]] = []
        self.in_flight: tuple[int, float] | None = None  # (the position, when) of a move sent, unanswered
        self.heard_at: float | None = None  # when the host was last heard from (clock)
        self.said_quiet = False  # the screen says the host has gone quiet

    def join(self) -> None:
        if not self.asked:
            self.asked = True
            self.effects.append(("p2p-answer", GUEST_PEER, invite.expand(self.invite.offer)))

    def failed(self) -> None:
        """The page could not make the answer: Join may be pressed again."""
        if self.answer is None:
            self.asked = False

    def answer_made(self, sdp: str) -> None:
        if self.answer is not None:
            return
        self.answer = invite.write_answer(self.invite.seat, invite.offer_tag(self.invite.offer), invite.parse(sdp))
        self.answered_at = self.clock()

    @property
    def waited_long(self) -> bool:
        """The answer has waited :data:`WAIT_HINT_S` with no connection (nor a failed one)."""
        return (self.answered_at is not None and not self.connected and not self.lost and not self.unreached
                and self.clock() - self.answered_at >= WAIT_HINT_S)

    def opened(self) -> None:
        self.connected, self.heard_at = True, self.clock()
        self.effects.append(("p2p-send", GUEST_PEER, self.guest.hello()))

    def closed(self) -> None:
        self.lost = self.lost or self.connected
        # (never opened: the host's side failed too, and it has made a new invite; this answer is dead)
        self.unreached = self.unreached or (not self.lost and self.answer is not None)
        self.connected, self.in_flight = False, None

    def received(self, text: str) -> bool:
        """A message from the host; ``True`` when the screen may have changed (not for a pong)."""
        before, sending, now, was_bot = self.moves, self.sending, self.clock(), self.bot_plays
        self.heard_at = now  # (whatever it says, the host is there)
        kind = self.guest.receive(text)
        self.seat_back = self.seat_back or (was_bot and not self.bot_plays and self.guest.table is not None
                                            and not self.guest.table["over"])
        if kind in ("table", "refused"):
            self.in_flight = None  # the host has answered: a new position, or why not
        elif kind == "pong" and self.in_flight is not None and now - self.in_flight[1] >= LOST_MOVE_S:
            self.in_flight = None  # the host answers what came after the move, not the move: lost
        if self.guest.table is not None and self.guest.table["moves"] < before:
            self.ui = {}  # the host plays again: a new game (what was read of the last one goes)
            self.new_game = True
            self.games += 1
            self.results_closed = False
        if self.guest.resync:  # the log came with a gap: the whole table again (asked once)
            self.effects.append(("p2p-send", GUEST_PEER, self.guest.hello()))
        return kind not in (None, "pong") or sending != self.sending or self.quiet_news()

    @property
    def moves(self) -> int:
        """The moves made in the host's game, as its latest table says."""
        return self.guest.table["moves"] if self.guest.table is not None else 0

    @property
    def bot_plays(self) -> bool:
        """A bot plays this device's seat now (the host's choice while it was away)."""
        return self.guest.table is not None and self.invite.seat in self.guest.table["bots"]

    @property
    def sending(self) -> bool:
        """A move sent for the position on screen awaits the host's answer."""
        return self.in_flight is not None and self.in_flight[0] == self.moves

    @property
    def host_quiet(self) -> bool:
        """Connected, but the host has not been heard from for :data:`HOST_QUIET_S` (a locked phone?)."""
        return self.connected and self.heard_at is not None and self.clock() - self.heard_at >= HOST_QUIET_S

    def quiet_news(self) -> bool:
        """``True`` when the host has gone quiet or been heard again since the screen last said so."""
        news, self.said_quiet = self.said_quiet != self.host_quiet, self.host_quiet
        return news

    def act(self, action: dict[str, Any]) -> None:
        """Send ``action`` to the host, unless a move sent for this position awaits its answer
        (a double tap: it would only be refused)."""
        if not self.sending:
            self.in_flight = (self.moves, self.clock())
            self.effects.append(("p2p-send", GUEST_PEER, self.guest.act(action)))

    def frame(self, t: I18n | None = None) -> Frame | None:
        """The seat's table as the host last sent it (every person shown as a person); with
        ``t``, the names the host's app made up ("You", "Bot 2") said as this viewer says them."""
        body = self.guest.table
        if body is None:
            return None
        seats = [Seat(str(s.get("name", "?"))[:32], HUMAN if s.get("kind") in (HUMAN, REMOTE) else s["kind"])
                 for s in body["seats"]]
        if t is not None:
            seats = local_seats(t, seats)
        # (the host gone, or a move of ours on its way to him: nothing can be played)
        legal = body["legal"] if self.connected and not self.sending else []
        return Frame(game=games.get(self.invite.game), seats=tuple(seats), view=body["view"], seat=body["seat"],
                     show_private=True, my_turn=bool(legal), legal=legal, current=body["current"],
                     over=body["over"], pass_to=None, turn_banner=None, winners=body["winners"], ui=self.ui,
                     events=body["events"], own_device=True,
                     absent=frozenset(body["away"]), stand_ins=frozenset(body["bots"]),
                     bot_spells=tuple((s, a, b) for s, a, b in body["spells"]),
                     cut_off=not self.connected and not body["over"], sent=self.sending)

    def take_effects(self) -> list[tuple[object, ...]]:
        effects, self.effects = self.effects, []
        return effects


def open_invite(fragment: str, build: str) -> Joining:
    """The guest side of the invite in ``#j=…`` (``ValueError`` for a broken one)."""
    return Joining(invite.read_invite(fragment[len(invite.JOIN_PREFIX):], games.names()), build)


def join_screen(t: I18n, joining: Joining, site: str, storage: Storage) -> str:
    """Who invites to which game and seat; then the answer for the host, three ways."""
    spec = joining.invite
    title = games.get(spec.game).title[t.lang]
    head = (f'<main class="join"><h1>{esc(t("devices.invited", name=spec.host, game=title))}</h1>'
            f'<p class="join-seat">{esc(t("devices.your_seat", n=spec.seat + 1, total=spec.players))}</p>')
    # (each state's words take the focus: after a reload it was left on the page's body)
    if joining.guest.host_build is not None:
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.other_build"))}</p></main>'
    if joining.lost and not joining.connected:  # (the host has made a new invite for this seat already)
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.lost"))}</p></main>'
    if joining.unreached:
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.unreached"))}</p>{stun_box(t, storage)}</main>'
    if joining.spent and joining.answer is None:  # (a reload at the table: its connection is gone)
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.invite_spent"))}</p></main>'
    if joining.answer is None:
        return head + (f'<p>{esc(t("devices.join_how"))}</p>'
                       f'<div class="row">{button(esc(t("devices.join")), "p2p-join", "primary big", autofocus=True)}</div>'
                       f'{stun_box(t, storage)}</main>')
    if joining.connected:  # (the answer is taken: nothing more to send)
        return head + refusal(t, joining) + (f'<p role="status" tabindex="-1" data-autofocus>'
                                             f'{esc(t("devices.connected"))}</p></main>')
    link = f"{site}{invite.ANSWER_PREFIX}{joining.answer}"
    waited = f'<p class="notice" role="status">{esc(t("devices.still_waiting"))}</p>' if joining.waited_long else ""
    return head + refusal(t, joining) + waited + (f'<p role="status" tabindex="-1" data-autofocus>{esc(t("devices.answer_how"))}</p>'
                   f'<div class="invite-qr">{qr_svg(link, t("devices.answer_qr"))}</div>'
                   f'{copy_field(t, "answer-link", t("devices.answer_link"), link, share=t("devices.share_answer", name=spec.host, game=title))}'
                   f'{copy_field(t, "answer-code", t("devices.answer_code"), joining.answer)}</main>')


def refusal(t: I18n, joining: Joining) -> str:
    """What the host last refused and why, if it did (a known reason; another is not ours to say)."""
    why = joining.guest.refused
    return f'<p class="flash" role="alert">{esc(t(f"devices.refused.{why}"))}</p>' if why in protocol.REFUSALS else ""


def table_screen(t: I18n, joining: Joining, tables: TableSet) -> str:
    """The seat's table, drawn by the game's own table from the host's latest frame."""
    frame = joining.frame(t)
    if frame is None:
        return f'<main class="join"><p role="status">{esc(t("devices.waiting_table"))}</p></main>'
    ctx = Ctx(t, frame)
    table = tables[joining.invite.game]
    where = refusal(t, joining)
    if not joining.connected:
        where += f'<p class="notice" role="alert">{esc(t("devices.lost"))}</p>'
    else:
        where += presence_line(t, joining, frame)
    try:
        side = joining.log.render(t, joining.log.lines(joining, ctx, table), table.told_at_table(ctx))
        return screens.table_screen(ctx, table, side, joining.results_closed, None, own_game=False, notes=where,
                                    over_note="devices.again_wait" if joining.connected else "devices.lost")
    except Exception:  # noqa: BLE001 - a view the host made up must not stop this device
        joining.guest.dropped["a table that cannot be drawn"] += 1
        return f'<main class="join"><p class="notice" role="alert">{esc(t("devices.bad_table"))}</p></main>'



def presence_line(t: I18n, joining: Joining, frame: Frame) -> str:
    """Who is not at the table now, as this device sees it: the friends away, and the seats a bot
    plays for (this device's own: "a bot plays your seat for now", unless the host just said so)."""
    # (a screen reader hears it from the live region, :func:`presence_said`: a status role would say it twice)
    return "".join(f'<p class="presence-line">{esc(line)}</p>' for line in presence_words(t, joining, frame))


def _not_here(joining: Joining, frame: Frame) -> tuple[bool, bool, list[int], list[int]]:
    """Who is not at the table, as this device sees it: the host gone quiet; this seat played by
    a bot (unless the host's refusal just said so); the friends away (before the host's next game,
    too); the friends a bot plays for (a stand-in ends with the game). The frame's seats were
    checked as the host's message was taken (guest._table_problem)."""
    bots = frozenset() if frame.over else frame.stand_ins
    return (joining.host_quiet, frame.seat in bots and joining.guest.refused != "bot_plays",
            sorted(frame.absent - {frame.seat}), sorted(bots - {frame.seat}))


def presence_words(t: I18n, joining: Joining, frame: Frame) -> list[str]:
    """:func:`presence_line`'s sentences: :func:`_not_here`, the friends away in one."""
    quiet, mine, away, bots = _not_here(joining, frame)
    out = [t("devices.host_quiet", name=joining.invite.host)] if quiet else []
    if mine:
        out.append(t("devices.refused.bot_plays"))
    if away:
        out.append(t("devices.away_now", names=", ".join(frame.seats[s].name for s in away)))
    return out + [t("devices.bot_for", name=frame.seats[s].name) for s in bots]


def presence_said(t: I18n, joining: Joining, frame: Frame) -> dict[str, str]:
    """:func:`_not_here` by whom each is about (the host, this seat, another friend's seat), for
    :meth:`.Heard.changed_presence`: a friend away is said alone, not with the others again."""
    quiet, mine, away, bots = _not_here(joining, frame)
    said = {"host": t("devices.host_quiet", name=joining.invite.host)} if quiet else {}
    if mine:
        said["me"] = t("devices.refused.bot_plays")
    said.update({f"seat:{s}": t("devices.away_now", names=frame.seats[s].name) for s in away})
    said.update({f"seat:{s}": t("devices.bot_for", name=frame.seats[s].name) for s in bots})
    return said


def presence_back(t: I18n, joining: Joining, frame: Frame, who: str) -> str:
    """What is said of the host answering again, or of a friend back at the table (not at the
    game's end, where the bots' stand-ins end; this seat's own is the news, said already)."""
    if who == "host":
        return t("devices.host_back", name=joining.invite.host)
    if who.startswith("seat:") and not frame.over and int(who[5:]) < len(frame.seats):
        return t("devices.here_again", name=frame.seats[int(who[5:])].name)
    return ""


def table_click(joining: Joining, tables: TableSet, t: I18n, data: dict[str, str]) -> str | None:
    """A click on the guest's table: a move for the host (``None``), or why not (a flash)."""
    frame = joining.frame(t)
    if frame is None:
        return None
    ctx = Ctx(t, frame)
    table = tables[joining.invite.game]
    if data.get("action") == "dismiss":
        joining.ui.update(table.dismiss_interlude(ctx))
        return None
    if data.get("action") in ("close-results", "show-results"):  # the game-over summary, put away and back
        joining.results_closed = frame.over and data["action"] == "close-results"
        return None
    if not ctx.my_turn:
        return None if joining.sending else t("flash.not_your_turn")  # (the prompt says it is on its way)
    try:
        action = table.click(data, ctx)
    except (KeyError, ValueError):
        return t("flash.illegal")
    if action is not None:
        joining.act(action)
    return None
