"""A guest's screens: the invite and its answer, then the seat's table drawn from the host's frames.

:func:`join_screen` says who invites to which game and seat, then shows the answer three
ways for the host to take (a QR code, a ``#a=`` link and a code to copy). :func:`table_screen`
draws each frame the host sends with the game's ordinary table (the same cards, log and
animations), and who is not at the table now (:func:`presence_line`); a click on it becomes
a move sent to the host, which judges it (:func:`table_click`).
"""

from __future__ import annotations

from pygames_core import games

from .. import screens
from ..dom import button, esc
from ..frame import Frame
from ..i18n import I18n
from ..session import Storage
from ..tables import Ctx, TableSet
from . import invite, protocol
from .guest_ui import Joining
from .widgets import copy_field, qr_svg, stun_box


def join_screen(t: I18n, joining: Joining, site: str, storage: Storage) -> str:
    """Who invites to which game and seat; then the answer for the host, three ways."""
    spec = joining.invite
    title = games.get(spec.game).title[t.lang]
    head = (f'<main class="join"><h1>{esc(t("devices.invited", name=joining.host_called(t), game=title))}</h1>'
            f'<p class="join-seat">{esc(t("devices.your_seat", n=spec.seat + 1, total=spec.players))}</p>')
    # (each state's words take the focus: after a reload it was left on the page's body)
    if joining.guest.host_build is not None:
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.other_build"))}</p></main>'
    if joining.rejoining:
        return head + f'<p role="status" tabindex="-1" data-autofocus>{esc(rejoining(t, joining))}</p></main>'
    if joining.lost and not joining.connected:  # (the host has made a new invite for this seat already)
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t(lost(joining)))}</p></main>'
    if joining.unreached:
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.unreached"))}</p>{stun_box(t, storage)}</main>'
    if joining.connected:  # (the answer is taken, or a reload is back by its spare connection: nothing more to send)
        # (back after a reload, its table not come yet: still "coming back", not "the host starts it")
        words = rejoining(t, joining) if joining.spent and joining.guest.table is None else t("devices.connected")
        return head + refusal(t, joining) + f'<p role="status" tabindex="-1" data-autofocus>{esc(words)}</p></main>'
    if joining.spent and joining.answer is None:  # (a reload, and no spare connection to come back by)
        return head + f'<p class="notice" role="alert" tabindex="-1" data-autofocus>{esc(t("devices.invite_spent"))}</p></main>'
    if joining.answer is None:
        return head + (f'<p>{esc(t("devices.join_how"))}</p>'
                       f'<div class="row">{button(esc(t("devices.join")), "p2p-join", "primary big", autofocus=True)}</div>'
                       f'{stun_box(t, storage)}</main>')
    link = f"{site}{invite.ANSWER_PREFIX}{joining.answer}"
    waited = f'<p class="notice" role="status">{esc(t("devices.still_waiting"))}</p>' if joining.waited_long else ""
    return head + refusal(t, joining) + waited + (f'<p role="status" tabindex="-1" data-autofocus>{esc(t("devices.answer_how"))}</p>'
                   f'<div class="invite-qr">{qr_svg(link, t("devices.answer_qr"))}</div>'
                   f'{copy_field(t, "answer-link", t("devices.answer_link"), link, share=t("devices.share_answer", name=joining.host_called(t), game=title))}'
                   f'{copy_field(t, "answer-code", t("devices.answer_code"), joining.answer)}</main>')


def lost(joining: Joining) -> str:
    """The words of why this device is no longer at the host's table: the host left the game, or
    the connection is lost."""
    return "devices.host_left" if joining.host_left else "devices.lost"


def named(joining: Joining) -> str:
    """ " (Anna)" after "the host's device", the name he typed; "" if he kept the one made up."""
    return f" ({joining.invite.host})" if joining.invite.host else ""


def rejoining(t: I18n, joining: Joining) -> str:
    """What the screen says while the spare connection is tried (after its first try, what else may be done)."""
    return t("devices.rejoining_long" if joining.rejoining_long else "devices.rejoining", named=named(joining))


def refusal(t: I18n, joining: Joining) -> str:
    """What the host last refused and why, if it did (a known reason; another is not ours to say)."""
    why = joining.guest.refused
    return f'<p class="flash" role="alert">{esc(t(f"devices.refused.{why}"))}</p>' if why in protocol.REFUSALS else ""


#: The most a friend's table may weigh as HTML: a whole match of Клац! draws about 55 kB; a host's
#: made-up view ("a hand of 99,999 cards") would make the page lay out megabytes.
MAX_TABLE_CHARS = 1_000_000


def table_screen(t: I18n, joining: Joining, tables: TableSet) -> str:
    """The seat's table, drawn by the game's own table from the host's latest frame."""
    frame = joining.frame(t)
    if frame is None:
        return f'<main class="join"><p role="status">{esc(t("devices.waiting_table"))}</p></main>'
    ctx = Ctx(t, frame)
    table = tables[joining.invite.game]
    where = refusal(t, joining)
    if joining.rejoining:
        where += f'<p class="notice" role="status">{esc(rejoining(t, joining))}</p>'
    elif not joining.connected:
        where += f'<p class="notice" role="alert">{esc(t(lost(joining)))}</p>'
    else:
        where += presence_line(t, joining, frame)
    try:
        side = joining.log.render(t, joining.log.lines(joining, ctx, table), table.told_at_table(ctx))
        html = screens.table_screen(ctx, table, side, joining.results_closed, None, own_game=False, notes=where,
                                    over_note="devices.again_wait" if joining.connected else lost(joining))
        if len(html) <= MAX_TABLE_CHARS:
            return html
        joining.guest.dropped["a table too large to draw"] += 1
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
    out = [t("devices.host_quiet", named=named(joining))] if quiet else []
    if mine:
        out.append(t("devices.refused.bot_plays"))
    if away:
        out.append(t("devices.away_now", names=", ".join(frame.seats[s].name for s in away)))
    return out + [t("devices.bot_for", name=frame.seats[s].name) for s in bots]


def presence_said(t: I18n, joining: Joining, frame: Frame) -> dict[str, str]:
    """:func:`_not_here` by whom each is about (the host, this seat, another friend's seat), for
    :meth:`.Heard.changed_presence`: a friend away is said alone, not with the others again."""
    quiet, mine, away, bots = _not_here(joining, frame)
    said = {"host": t("devices.host_quiet", named=named(joining))} if quiet else {}
    if mine:
        said["me"] = t("devices.refused.bot_plays")
    said.update({f"seat:{s}": t("devices.away_now", names=frame.seats[s].name) for s in away})
    said.update({f"seat:{s}": t("devices.bot_for", name=frame.seats[s].name) for s in bots})
    return said


def presence_back(t: I18n, joining: Joining, frame: Frame, who: str) -> str:
    """What is said of the host answering again, or of a friend back at the table (not at the
    game's end, where the bots' stand-ins end; this seat's own is the news, said already)."""
    if who == "host":
        return t("devices.host_back", named=named(joining))
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
