"""The host's lobby: an invite per friend's seat (QR code, link, Copy), their answers, who is here.

Shown over the table of a game with friends on other devices until the host starts it
(every friend here). Each seat not here yet shows its invite and a box for the answer the
guest sends back (a code, or its ``#a=`` link). During play the friends' list beside the
table says which friends are here or away (:func:`presence`), and a line above the board
says who is away or back, with what the host can do about it (:func:`away_line`).
"""

from __future__ import annotations

from typing import Any, Protocol

from pygames_core import games

from ..dom import button, esc
from ..form import NewGameForm
from ..i18n import I18n
from ..saves import SAVE_KEY
from ..session import Session, Storage, StorageFullError
from ..tables import TableSet
from . import invite
from .room import Room
from .widgets import STUN_KEY, copy_field, qr_svg, stun_box, stun_server


class App(Protocol):
    t: I18n
    storage: Storage
    tables: TableSet
    screen: str
    form: NewGameForm | None
    session: Session | None
    room: Room | None
    flash: str | None
    news: str | None

    def moved(self) -> None: ...

    def leave_room(self) -> None: ...


def lobby(t: I18n, room: Room, site: str, storage: Storage, said: str = "") -> str:
    """The lobby over the table: each friend's seat, its state, its invite and answer box;
    ``said`` (safe HTML): the one-off message of the last click, inside the dialog."""
    s = room.session
    rows: list[str] = []
    for seat in s.remote:
        state = room.seat_state(seat)
        head = (f'<h3 id="lobby-seat-{seat}">{esc(t("devices.seat_of", n=seat + 1, name=s.seats[seat].name))} '
                f'<span class="seat-state" data-state="{state}">{esc(t(f"devices.state.{state}"))}</span></h3>')
        body = ""
        if state == "bot":
            body = f'<p class="row">{button(esc(t("devices.hand_back")), "p2p-hand-back", "", seat=seat)}</p>'
        elif state != "here":
            text = room.invites.get(seat)
            if state == "unreached":  # (his answer never connected: only a new invite can)
                body = (f'<p class="flash" role="alert">{esc(t("devices.not_connected", name=s.seats[seat].name))}</p>'
                        f'<p class="row">{button(esc(t("devices.reinvite")), "p2p-reinvite", "primary", seat=seat)}</p>')
            elif seat in room.spent:  # (the invite he came by has connected once: it cannot again)
                body = f'<p class="row">{button(esc(t("devices.reinvite")), "p2p-reinvite", "", seat=seat)}</p>'
            elif text is None:
                body = making(t, room, seat)
            else:
                body = invite_block(t, room, seat, f"{site}{invite.JOIN_PREFIX}{text}")
            label = named(t("devices.stand_in"), s.seats[seat].name)
            body += f'<p class="row">{button(esc(t("devices.stand_in")), "p2p-stand-in", "", aria_label=label, seat=seat)}</p>'
        rows.append(f'<section class="lobby-seat" data-seat="{seat}" aria-labelledby="lobby-seat-{seat}">{head}{body}</section>')
    problem = problem_at(t, room, None)
    ready = not room.missing()
    # The keyboard's first stop: the heading while friends are awaited (not "Connect", with no
    # answer pasted yet), "Start" once everyone is here.
    start = (button(esc(t("devices.start")), "p2p-start", "primary big", disabled=not ready, autofocus=ready)
             + button(esc(t("devices.cancel")), "p2p-cancel", ""))
    heading = "" if ready else ' tabindex="-1" data-autofocus'
    why = "" if ready else f'<p class="lobby-wait">{esc(t("devices.start_when"))}</p>'
    foot = "row actions" if ready else "row"  # (once it may be pressed, "Start" stays in view at the lobby's foot)
    return (f'<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="lobby-title" id="lobby">'
            f'<div class="panel lobby"><h2 id="lobby-title"{heading}>{esc(t("devices.lobby"))}</h2>'
            f'<p>{esc(t("devices.lobby_how"))}</p>{said}{problem}{"".join(rows)}{why}<div class="{foot}">{start}</div>'
            f'{stun_box(t, storage)}</div></div>')


#: A friend's seat nobody plays now: never come (the host started without him, or handed his
#: seat back before he came), gone, or on another build.
NOT_HERE = ("invited", "connecting", "unreached", "away", "other_build")


def presence(t: I18n, room: Room, site: str) -> str:
    """Beside the table during play: each friend's seat, here or away; for one away, a bot to
    play for him (and back), and an invite to come (back) with (the same seat and token): a
    friend who never came gets his first one here too, while a bot plays for him or not."""
    items, over = [], room.session.game.is_over(room.session.state)
    for seat in room.session.remote:
        state = room.seat_state(seat)
        name = room.session.seats[seat].name
        tools = ""
        connected = room.referee.connected(seat)
        if state == "bot":
            tools = button(esc(t("devices.hand_back")), "p2p-hand-back", "", seat=seat)
            if not connected and seat in room.spent:  # (gone: a new invite to come back with, when asked)
                tools += button(esc(t("devices.reinvite")), "p2p-reinvite", "", seat=seat)
        elif state in NOT_HERE:
            tools = (button(esc(t("devices.stand_in")), "p2p-stand-in", "", seat=seat)
                     + button(esc(t("devices.reinvite")), "p2p-reinvite", "", seat=seat))
        invite_html = ""
        # (in the lobby: there; none while his answer connects, nor once it did not: that invite is
        # done; nor once the game is over: "Play again" makes the next game's)
        if (room.started and not over and state not in ("here", "connecting", "unreached") and not connected
                and seat not in room.spent):
            text = room.invites.get(seat)
            invite_html = (making(t, room, seat) if text is None else invite_block(t, room, seat, f"{site}{invite.JOIN_PREFIX}{text}"))
        items.append(f'<li data-seat="{seat}" data-state="{state}">{esc(name)}: {esc(t(f"devices.state.{state}"))}'
                     f'<span class="row">{tools}</span>{invite_html}</li>')
    return (f'<section class="presence" aria-label="{esc(t("devices.friends"))}">{problem_at(t, room, None)}'
            f'<ul>{"".join(items)}</ul></section>')


def away_line(t: I18n, room: Room, site: str) -> str:
    """Above the board during play (on a phone the friends' list is far below): each friend away,
    with his new invite to copy (and, on a phone, its QR code to show: a friend in the room scans
    it, and the way to the box for his answer, far below) and "Let a bot play"; each friend back
    while a bot plays for him, with "Hand the seat back"."""
    lines = []
    for seat, said, tools in _away(t, room):
        text = room.invites.get(seat)
        qr = ""
        if text is not None and "p2p-copy" in tools:  # (an invite he may come back with)
            name = room.session.seats[seat].name
            to_answer = button(esc(t("devices.to_answer")), "p2p-to-answer", "", field=f"answer-{seat}")
            qr = (f'<details class="away-qr"><summary><span class="if-shut">{esc(t("devices.show_qr"))}</span>'
                  f'<span class="if-open">{esc(t("devices.hide_qr"))}</span></summary>'
                  f'{qr_svg(f"{site}{invite.JOIN_PREFIX}{text}", t("devices.invite_qr", name=name))}'
                  f'<p class="row">{to_answer}</p></details>')
        # (a screen reader hears it from the live region: a status role would say it twice)
        # (the QR code's disclosure sits among the buttons: on a phone the line stays short, and
        # the table under it in view)
        lines.append(f'<div class="presence-line"><p>{esc(said)}</p><div class="row">{tools}{qr}</div></div>')
    return "".join(lines)


def presence_said(t: I18n, room: Room, lobby_open: bool) -> dict[str, str]:
    """What a screen reader hears of each friend when it changes (:meth:`.Heard.changed_presence`):
    in the lobby, his seat and state; in play, :func:`away_line`'s sentence, or that a bot plays
    for him (the host's own press, which changes nothing else a screen reader would hear)."""
    seats = room.session.seats
    if lobby_open:
        return {f"lobby:{seat}": f'{t("devices.seat_of", n=seat + 1, name=seats[seat].name)}: '
                                 f'{t(f"devices.state.{room.seat_state(seat)}")}' for seat in room.session.remote}
    said = {str(seat): words for seat, words, _ in _away(t, room)}
    for seat in room.session.remote:
        if room.seat_state(seat) == "bot" and str(seat) not in said:
            said[str(seat)] = t("devices.bot_for", name=seats[seat].name)
    return said


def presence_back(t: I18n, room: Room, who: str) -> str:
    """What is said of a friend no longer away nor played by a bot: he is back at the table."""
    return "" if who.startswith("lobby:") else t("devices.here_again", name=room.session.seats[int(who)].name)


def _away(t: I18n, room: Room) -> list[tuple[int, str, str]]:
    out = []
    for seat in room.session.remote:
        state, name = room.seat_state(seat), room.session.seats[seat].name
        if state == "bot" and room.referee.connected(seat):
            said = t("devices.back_line", name=name)
            tools = button(esc(t("devices.hand_back")), "p2p-hand-back", "primary", seat=seat)
        elif state in NOT_HERE:
            tools = button(esc(t("devices.stand_in")), "p2p-stand-in", "", seat=seat)
            if seat in room.spent:  # silent, his connection not closed (a locked phone): a new invite when asked for
                said = t("devices.away_quiet", name=name)
                tools += button(esc(t("devices.reinvite")), "p2p-reinvite", "", seat=seat)
            elif state == "unreached":  # his answer never connected
                said = t("devices.not_connected", name=name)
                tools += button(esc(t("devices.reinvite")), "p2p-reinvite", "", seat=seat)
            elif state == "connecting":  # his answer is on its way in: nothing to send him
                said = t("devices.connecting_line", name=name)
            elif state == "other_build":  # his device runs another build: reloads, then a new invite
                said = t("devices.other_build_line", name=name)
            else:  # (one who never came is not "away": he is yet to come)
                away = room.referee.seat_state(seat) == "away"  # (his device may come back by itself: spare.py)
                key = ("devices.away_spare" if seat in room.spares else "devices.away_line") if away else "devices.late_line"
                said = t(key, name=name)
                if seat in room.invites:  # (its field is in the friends' list)
                    tools = button(esc(t("devices.copy_invite")), "p2p-copy", "", field=f"invite-{seat}") + tools
        else:
            continue
        out.append((seat, said, tools))
    return out


def problem_at(t: I18n, room: Room, seat: int | None) -> str:
    """The room's problem, if it is about ``seat`` (``None``: about no seat in particular)."""
    if not room.problem or room.problem_at != seat:
        return ""
    return f'<p class="flash" role="alert">{esc(t(room.problem, name=room.problem_name))}</p>'


def making(t: I18n, room: Room, seat: int) -> str:
    """A seat whose invite is being made, or could not be (why, and "Try again")."""
    why = room.offer_problems.get(seat)
    if why is not None:
        return (f'<p class="flash" role="alert">{esc(t(why))}</p>'
                f'<p class="row">{button(esc(t("devices.retry")), "p2p-reinvite", "", seat=seat)}</p>')
    return f'<p role="status">{esc(t("devices.making_invite"))}</p>'


def invite_block(t: I18n, room: Room, seat: int, link: str) -> str:
    """A seat's invite (QR code, link with Copy) and the box for its answer."""
    name = room.session.seats[seat].name
    problem = problem_at(t, room, seat)  # (under the box it came by)
    return (f'<div class="invite-qr">{qr_svg(link, t("devices.invite_qr", name=name))}</div>'
            f'{copy_field(t, f"invite-{seat}", t("devices.invite_link", name=name), link, share=invited(t, room))}'
            f'<p class="copy-field"><label for="answer-{seat}">{esc(t("devices.paste_answer"))}</label>'
            f'<input id="answer-{seat}" name="answer_{seat}" autocomplete="off" data-keep data-enter="p2p-connect"'
            f' aria-label="{esc(named(t("devices.paste_answer"), name))}">'
            f'{button(esc(t("devices.connect")), "p2p-connect", "primary", aria_label=named(t("devices.connect"), name), seat=seat)}</p>'
            f'{problem}{scan_block(t, room, seat)}')


def invited(t: I18n, room: Room) -> str:
    """The words an invite is shared with ("Anna invites you to Klats!"), as its guest will read them first."""
    return t("devices.invited", name=room.host_name or t("devices.a_friend"), game=games.get(room.session.game.name).title[t.lang])


def named(text: str, name: str) -> str:
    """A control's name with the friend's it is for ("Connect: Boris"): with two invites in the
    lobby, a screen reader's list of its controls tells the like ones apart."""
    return f"{text}: {name}"


def scan_block(t: I18n, room: Room, seat: int) -> str:
    """The camera reading this seat's answer (its video), or the button that starts it."""
    if room.scanning != seat:
        label = named(t("devices.scan"), room.session.seats[seat].name)
        return f'<p class="row">{button(esc(t("devices.scan")), "p2p-scan", "", aria_label=label, seat=seat)}</p>'
    return (f'<div class="scan"><video id="scan-video" muted playsinline aria-label="{esc(t("devices.scanning"))}"></video>'
            f'<p role="status">{esc(t("devices.scanning"))}</p>'
            f'{button(esc(t("devices.scan_stop")), "p2p-scan-stop", "", seat=seat)}</div>')


def _connect(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.room is not None:
        seat = data.get("seat", "")
        app.room.answer_text(values.get(f"answer_{seat}", ""), _seat(app, data))


def _start(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.room is not None and app.session is not None and not app.room.missing():
        app.room.start()
        app.moved()


def _cancel(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Not this game after all (a friend's seat chosen by mistake, nobody coming): back to the
    new-game form as it was filled in. The game never started: it is not kept."""
    s = app.session
    if app.room is None or app.room.started or s is None or s.record["actions"]:
        return  # (a game under way is never thrown away from here)
    app.leave_room()
    app.session = None
    app.storage.removeItem(SAVE_KEY)
    app.form = NewGameForm.remembered(app.t, s.game.name, app.tables[s.game.name], app.storage)
    app.screen = "setup"


def _seat(app: App, data: dict[str, str]) -> int | None:
    try:
        seat = int(data.get("seat", ""))
    except ValueError:
        return None
    return seat if app.room is not None and seat in app.room.session.remote else None


def _stand_in(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """A bot plays for the friend who is away (the game goes on); "Hand back" gives him his seat again."""
    seat = _seat(app, data)
    if seat is not None and app.room is not None:
        app.room.stand_in(seat)
        app.moved()


def _hand_back(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    seat = _seat(app, data)
    if seat is not None and app.room is not None:
        app.room.hand_back(seat)
        app.moved()


def _scan(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Read the answer's QR code with this device's camera (``p2p.js``: the video, the decoder)."""
    seat = _seat(app, data)
    if seat is not None and app.room is not None:
        app.room.scanning = seat
        app.room.effects.append(("p2p-scan", seat))


def _scan_stop(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.room is not None:
        app.room.scanning = None
        app.room.effects.append(("p2p-scan-stop", 0))


def _reinvite(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    seat = _seat(app, data)  # (a click drawn while he was away, taken once he is back, closes nothing)
    if seat is not None and app.room is not None and not app.room.referee.connected(seat):
        app.room.reinvite(seat)


def _stun(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Keep (or, empty, forget) the STUN server; the next invite or answer uses it."""
    text = values.get("stun", "").strip()
    if not text:
        app.storage.removeItem(STUN_KEY)
        app.news = app.t("devices.stun_off")
    elif (server := stun_server(text)) is not None:
        try:
            app.storage.setItem(STUN_KEY, server)  # (p2p.js reads it there)
            app.news = app.t("devices.stun_on", server=server)
        except StorageFullError:
            app.flash = app.t("devices.stun_full")
    else:
        app.flash = app.t("devices.stun_bad")


HANDLERS: dict[str, Any] = {"p2p-stun": _stun, "p2p-connect": _connect, "p2p-start": _start, "p2p-stand-in": _stand_in,
                            "p2p-hand-back": _hand_back, "p2p-reinvite": _reinvite, "p2p-scan": _scan,
                            "p2p-scan-stop": _scan_stop, "p2p-cancel": _cancel}
