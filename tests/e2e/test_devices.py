"""Play on several devices in Chromium: a host and guests in separate browser profiles, over WebRTC.

The invite travels as a player passes it (the link from the host's lobby, copied, shared or
read from its QR code), the answer as the code or QR code the guest's page shows, taken by
the host; then each device plays its own seat of a whole game of each title by clicking
(a host and two guests), each seeing its own hand only. No STUN or TURN server and no
Chromium flag: headless Chromium gathers a host candidate per interface, hidden as a
``<uuid>.local`` name that still resolves between profiles and processes. The lobby,
the join screen and the answer screen pass axe, and are photographed at both sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import pytest
from axe_audit import audit
from conftest import FRIEND_QUERY, READY, ROOT, SUB_PATH, PageProblems, open_app, start_game
from pages import INTERLUDE, OVER, TURN, App, act
from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize
from test_klats import play_one_card

SHOTS = ROOT / "test-results" / "screens"
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
#: The QR code drawn at ``selector`` read back as a camera would see it: the SVG rendered to
#: a canvas at 4 px a module, decoded by jsQR (evaluated through the DevTools protocol, like axe).
READ_QR = """async (selector) => {
  const svg = document.querySelector(selector);
  const size = svg.viewBox.baseVal.width * 4;
  const image = new Image(size, size);
  image.src = "data:image/svg+xml;base64," + btoa(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0, size, size);
  const found = jsQR(ctx.getImageData(0, 0, size, size).data, size, size);
  return found ? found.data : null;
}"""


def read_qr(page: Page, selector: str) -> str:
    if not page.evaluate("typeof window.jsQR === 'function'"):
        page.evaluate(f"{JSQR.read_text(encoding='utf-8')}\n;undefined")
    text = page.evaluate(READ_QR, selector)
    assert text, f"no QR code could be read at {selector}"
    return str(text)


def shoot(page: Page, name: str) -> None:
    """The screen photographed at both sizes, and audited by axe at a phone's (the tests audit
    each screen at the desktop's size where it comes up)."""
    for w, h in ((1280, 800), (360, 640)):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"devices-{name}-{w}x{h}.png"), full_page=True)
    found = audit(page, f"devices-{name}-360x640")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not found, "\n".join(found)


def join(host: Page, guest: Page, seat: int = 1, start: bool = True) -> None:
    """The friend at ``seat`` opens the invite from the host's lobby, joins, and his answer code
    goes into its box on the host at once, as a phone keyboard's clipboard suggestion puts it
    (which connects it: no button to press); with ``start``, the host starts the game once he
    is here."""
    host.wait_for_selector(f"#invite-{seat}")
    guest.goto(host.input_value(f"#invite-{seat}").replace("#j=", FRIEND_QUERY + "#j="))
    guest.wait_for_selector(READY, timeout=90_000)
    guest.click(act("p2p-join"))
    guest.wait_for_selector("#answer-code")
    host.focus(f"#answer-{seat}")
    host.keyboard.insert_text(guest.input_value("#answer-code"))
    if start:
        host.wait_for_selector('#lobby [data-state="here"]', timeout=15_000)
        host.click(act("p2p-start"))


def kept_anew(page: Page, key: str, old: str | None = None) -> str:
    """The page's ``key`` in localStorage once it holds something other than ``old``: a spare
    connection kept (devices/spare.py), which comes a moment after the table does."""
    for _ in range(250):
        now = page.evaluate("(key) => localStorage.getItem(key)", key)
        if now and now != old:
            return str(now)
        page.wait_for_timeout(20)
    raise AssertionError(f"nothing new kept at {key}")


def put_in(page: Page, selector: str, text: str) -> None:
    """``text`` in the box at ``selector`` as if typed to its end, with no event a paste makes (typing
    120 characters one key at a time costs the test seconds and shows nothing more)."""
    page.eval_on_selector(selector, "(box, text) => { box.value = text; }", text)


def play_to_the_end(devices: list[Page], move: Callable[[Page, int], None],
                    enough: Callable[[], bool] = lambda: False) -> None:
    """Each device plays when its table says it is its player's turn (``move(device, n)``, ``n``:
    the moves made so far on all of them), a round's summary dismissed, until every device shows
    the end of the game (or, sooner, until ``enough()``)."""
    made = 0
    for _ in range(600):
        if all(App(d).needs() == "over" for d in devices) or enough():
            return
        for d in devices:
            state = App(d).needs()  # (after the device before it has moved)
            if state == "interlude":
                d.click(f"{INTERLUDE} {act('dismiss')}")
            elif state == "turn":
                move(d, made)
                made += 1
        # The host's answer to a move takes a moment to reach each device: a device still showing
        # its turn just after its move is the old frame, not a new turn.
        devices[0].wait_for_timeout(50)
    raise AssertionError("the game did not end on every device")


@contextmanager
def klats_with_boris(page: Page, friend: Callable[..., Page], site_url: str, seed: int) -> Iterator[Page]:
    """Anna hosts a short Клац! game on ``page``; Boris joins from his own device (:func:`conftest.friend`).
    Yields his page, at the table."""
    open_app(page, site_url, f"?delay=0&seed={seed}")
    start_game(page, "klats", [("Anna", "human"), ("Boris", "remote")], fills={"opt_target": "15"})
    guest = friend()
    join(page, guest)
    guest.wait_for_selector(".klats-table")
    yield guest


#: A share sheet for the host's page: Linux Chromium has none (``navigator.share`` is absent, so
#: Share is hidden there); this one keeps what it was handed, as a phone's would pass it on.
SHARE_SHEET = "navigator.share = async (data) => { window.__shared = data; };"
#: Every connection's configuration, kept as the page makes it: no STUN or TURN server unless
#: the player chose one ("Play across the internet"), so nothing is asked of any other host.
ICE_SEEN = """window.__ice = [];
window.RTCPeerConnection = class extends RTCPeerConnection {
  constructor(config) { super(config); window.__ice.push(JSON.parse(JSON.stringify(config ?? null))); }
};"""


@pytest.mark.long
def test_a_whole_klats_game_between_three_devices(page: Page, context: BrowserContext, friend: Callable[..., Page], site_url: str) -> None:
    """Anna hosts Клац! for Boris and Vera, each on a device of his own: Boris's invite goes by
    Copy (and Share, where the browser has a share sheet) and is read from its QR code, his
    answer from the QR code his page draws; Vera's phone speaks Russian. They play to the end."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(script=SHARE_SHEET + ICE_SEEN)
    open_app(page, site_url, "?delay=0&seed=3")
    start_game(page, "klats", [("Anna", "human"), ("Boris", "remote"), ("Vera", "remote")], fills={"opt_target": "15"})
    page.wait_for_selector("#lobby #invite-1")
    link = read_qr(page, '#lobby [data-seat="1"] .invite-qr svg')  # as the friend's camera reads it
    assert link == page.input_value("#invite-1") and link.startswith(site_url) and "#j=" in link
    copy = f'#lobby {act("p2p-copy", field="invite-1")}'
    page.click(copy)  # Copy: on the clipboard, the button says so (and the live region), the focus stays
    page.wait_for_selector(f"{copy} >> text=Copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("document.activeElement.id") != "invite-1" and "Copied" in page.inner_text("#live")
    assert page.get_attribute(copy, "aria-label") == "Copied: Invite for Boris as a link"  # (still says what)
    page.click(f'#lobby {act("p2p-share", field="invite-1")}')  # Share: the link, with words Boris reads first
    page.wait_for_selector("#lobby")
    assert page.evaluate("window.__shared") == {"text": "Anna invites you to Klats!", "url": link}
    problems = audit(page, "lobby")
    shoot(page, "lobby")
    page.set_viewport_size({"width": 740, "height": 360})  # the host's phone on its side: the QR code whole at once
    page.screenshot(path=str(SHOTS / "devices-lobby-740x360.png"))
    qr = page.locator('#lobby [data-seat="1"] .invite-qr svg').bounding_box()
    assert qr and qr["y"] >= 0 and qr["y"] + qr["height"] <= 360 and qr["height"] >= 200, qr
    page.set_viewport_size({"width": 1280, "height": 800})

    guest = friend()
    guest.add_init_script(script=ICE_SEEN)
    guest.goto(link.replace("#j=", FRIEND_QUERY + "#j="))
    guest.wait_for_selector(READY, timeout=90_000)
    assert "Anna invites you to Klats!" in guest.inner_text("main.join h1")
    problems += audit(guest, "join")
    guest.click(act("p2p-join"))
    guest.wait_for_selector("#answer-code")
    problems += audit(guest, "answer")
    shoot(guest, "answer")
    assert not guest.locator(act("p2p-share")).is_visible()  # (no share sheet in this browser: Copy only)
    answer = read_qr(guest, "main.join .invite-qr svg")  # the answer's QR code, as the host's phone reads it
    assert answer == guest.input_value("#answer-link")
    guest.set_viewport_size({"width": 740, "height": 360})  # his phone on its side: the code whole, big, beside the words
    guest.screenshot(path=str(SHOTS / "devices-answer-740x360.png"))
    qr = guest.locator("main.join .invite-qr svg").bounding_box()
    assert qr and qr["y"] >= 0 and qr["y"] + qr["height"] <= 360 and qr["height"] >= 250, qr
    guest.set_viewport_size({"width": 1280, "height": 800})

    put_in(page, "#answer-1", answer)  # (as typed: only a paste, or many characters at once, connects by itself) …
    page.press("#answer-1", "Enter")  # … and, as in a form, Enter in the box presses Connect beside it
    page.wait_for_selector('#lobby [data-seat="1"] [data-state="here"]', timeout=15_000)
    vera = friend("ru-RU")  # her answer comes by a messenger: copied there, pasted into its box, and that is all
    vera.goto(page.input_value("#invite-2").replace("#j=", FRIEND_QUERY + "#j="))
    vera.wait_for_selector(READY, timeout=90_000)
    vera.click(act("p2p-join"))
    vera.wait_for_selector("#answer-code")
    page.evaluate("(text) => navigator.clipboard.writeText(text)", vera.input_value("#answer-code"))
    page.focus("#answer-2")
    page.keyboard.press("Control+V")
    page.wait_for_selector('#lobby [data-seat="2"] [data-state="here"]', timeout=15_000)
    page.click(act("p2p-start"))
    devices = [page, guest, vera]
    for d in devices[1:]:
        d.wait_for_selector(".klats-table")

    def move(who: Page, made: int) -> None:
        assert who.locator(".seat.me .hand button.hand-card").count() >= 1
        assert who.locator(".seat:not(.me) .hand").count() == 0  # nobody else's hand shows
        # Now and then a new pile: the sixth ends the round (and, here, the match) in ~30 moves.
        play_one_card(who, new_pile=made % 3 == 0)
        # The host has judged it: the next player's turn, or the round's or the match's end.
        who.wait_for_selector(f'#prompt[data-my-turn="false"], {INTERLUDE}, {OVER}', timeout=10_000)

    play_to_the_end(devices, move)
    shoot(guest, "guest-over")
    for d in (page, guest):  # (the host's: one per friend's seat, and each new offer; each with the device's kept certificate)
        configs = d.evaluate("window.__ice")
        assert configs and all(c.get("iceServers") == [] and set(c) == {"iceServers", "certificates"} for c in configs), configs
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("fragment", ["#j=AAAA", "#j=" + "A" * 700])
def test_a_broken_invite_says_so(page: Page, site_url: str, fragment: str) -> None:
    open_app(page, site_url, "?delay=0" + fragment)
    page.wait_for_selector("#flash")
    assert "could not be read" in page.inner_text("#flash")


def test_a_guest_on_another_build_is_told_to_reload_both(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """A friend whose browser still runs an older copy of the site (its build differs from the
    host's) is told so in words once connected, and the host's game lets no message of it in."""
    open_app(page, site_url, "?delay=0&seed=5")
    start_game(page, "klats", [("Anna", "human"), ("Boris", "remote")])
    guest = friend()

    def older(route: Route) -> None:  # the same page, as the build before this one would have it
        body = route.fetch().text()
        assert "build: SITE.snapshotKey," in body
        route.fulfill(body=body.replace("build: SITE.snapshotKey,", 'build: "an-older-build",'),
                      headers={"content-type": "text/javascript"})

    guest.route("**/boot.js", older)
    join(page, guest, start=False)
    guest.wait_for_selector("main.join .notice")
    assert "different version" in guest.inner_text("main.join .notice")
    shoot(guest, "other-build")
    page.wait_for_selector('#lobby [data-state="other_build"]')
    assert "reload both" in page.inner_text('#lobby [data-state="other_build"]')
    assert page.query_selector(act("p2p-start") + ":not([disabled])") is None


def test_an_answer_link_opened_in_another_tab_reaches_the_lobby(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """The guest's answer as a link (what a phone's camera opens from the answer's QR code): a tab
    of the host's browser hands it to the game's tab, which connects the seat."""
    open_app(page, site_url, "?delay=0&seed=3")
    start_game(page, "rps_zombie", [("Anna", "human"), ("Boris", "remote")])
    page.wait_for_selector("#lobby #invite-1")
    link = page.input_value("#invite-1")
    guest = friend()
    guest.goto(link.replace("#j=", FRIEND_QUERY + "#j="))
    guest.wait_for_selector(READY, timeout=90_000)
    guest.click(act("p2p-join"))
    guest.wait_for_selector("#answer-link")
    answer = guest.input_value("#answer-link")
    other = page.context.new_page()  # the host's browser, another tab
    other.goto(answer.split("#a=")[0] + FRIEND_QUERY + "#a=garbage")  # a broken link: said so
    other.locator("#notice", has_text="cannot be read").wait_for(timeout=90_000)
    other.goto(answer.replace("#a=", FRIEND_QUERY + "#a="))  # (the same page, another fragment)
    # (news, not a failure: not the red flash), once the game's tab has said it took the answer
    other.locator("#notice", has_text="close this one").wait_for(timeout=15_000)
    other.close()  # as it says: the game's tab is in front again
    page.wait_for_selector('#lobby [data-state="here"]', timeout=15_000)
    again = page.context.new_page()  # the same link once more: the game's tab does not take it, and says why
    again.goto(answer.replace("#a=", FRIEND_QUERY + "#a="))
    again.locator("#notice", has_text="did not take this answer").wait_for(timeout=90_000)
    again.close()
    # The site opened in a third tab takes up the saved game, which another tab hosts: it is
    # refused the host lock (one host per browser), gives the game up and says where it is played.
    third = page.context.new_page()
    third.goto(link.split("#j=")[0] + FRIEND_QUERY)
    third.locator("#notice", has_text="with friends on other devices").wait_for(timeout=90_000)
    assert third.locator("main.home").count() == 1 and third.locator("#lobby").count() == 0
    # … and touched none of the game's connections meanwhile: Boris's device, which keeps one
    # waiting for his host's reload, was taken by that tab from the game's (away, a new invite).
    third.wait_for_timeout(1500)
    third.close()
    assert page.locator('#lobby [data-state="here"]').count() == 1 and page.locator("#lobby #invite-1").count() == 0
    assert guest.locator("text=Reconnecting").count() == 0
    page.click(act("p2p-start"))
    guest.wait_for_selector(".rz-table")


def test_a_browser_without_web_locks_hosts_too(browser: Browser, site_url: str, problems: PageProblems) -> None:
    """No Web Locks (an older browser): nothing is checked, and the room's connections are made at
    once (its invites too: until the lock is the tab's, they wait, and here no lock ever comes)."""
    ctx = browser.new_context()
    ctx.add_init_script("Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });")
    page = ctx.new_page()
    problems.attach(page)
    open_app(page, site_url, "?delay=0&seed=3")
    assert page.evaluate("() => navigator.locks === undefined")
    start_game(page, "klats", [("Anna", "human"), ("Boris", "remote")])
    page.wait_for_selector("#lobby #invite-1", timeout=20_000)
    assert page.input_value("#invite-1").split("#j=")[1]
    ctx.close()
    problems.check()


def test_a_guest_whose_page_reloads_comes_back_by_itself(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """Boris's page reloads at his turn: it comes back to his seat by the spare connection his host
    keeps for his device (pygames_ui/devices/spare.py), with nothing passed between the devices;
    so does his site opened again after his tab was closed. When Anna leaves the game, his device
    is told so and does not try to come back."""
    with klats_with_boris(page, friend, site_url, seed=4) as guest:
        play_one_card(page)  # Anna's move; Boris to play …
        guest.wait_for_selector(TURN)
        first = kept_anew(guest, "pygames.spare")
        guest.reload()  # … and his page reloads
        guest.wait_for_selector(f".klats-table {TURN}", timeout=30_000)  # his seat, his turn, as it was
        assert guest.locator('[data-action="p2p-join"], #answer-code').count() == 0  # (no invite, no answer)
        page.wait_for_selector('.presence [data-state="here"]')
        play_one_card(guest)  # he plays on …
        page.wait_for_selector(TURN)  # … and it is Anna's turn
        second = kept_anew(guest, "pygames.spare", first)
        guest.reload()  # again (a new spare connection was kept for him when he came back)
        guest.wait_for_selector(".klats-table", timeout=30_000)
        play_one_card(page)
        guest.wait_for_selector(TURN)  # (only a connection brings him the move Anna made since)
        # His phone closed the tab; he opens the site again: its home screen leads back to the table.
        kept_anew(guest, "pygames.spare", second)
        guest.goto(site_url + FRIEND_QUERY + "&again=1")
        guest.wait_for_selector(".table-left a.button", timeout=90_000)
        shoot(guest, "guest-table-left")
        guest.click(".table-left a.button")
        guest.wait_for_selector(f".klats-table {TURN}", timeout=30_000)
        play_one_card(guest)
        page.wait_for_selector(TURN)
        # Anna leaves this game for a guided one: Boris's device is told so (her last message goes
        # before the connection closes), and does not try to come back.
        page.click(f'.topbar {act("home")}')
        page.click(act("tutorial", game="rps_zombie"))
        guest.locator(".notice", has_text="The host has left this game").wait_for(timeout=10_000)
        assert guest.locator("text=Reconnecting").count() == 0
        shoot(guest, "guest-host-left")


def test_on_a_phone_the_row_of_the_friend_awaited_is_not_left_under_your_own(page: Page, friend: Callable[..., Page],
                                                                            site_url: str) -> None:
    """Four at Клац!, Boris on a phone: his own row stays at the screen's foot, and Anna's row just
    above it in turn order lay under it while the table waited for her. It is brought out once."""
    open_app(page, site_url, "?delay=0&seed=2")
    start_game(page, "klats", [("Bot 1", "easy"), ("Bot 2", "easy"), ("Anna", "human"), ("Boris", "remote")],
               selects={"opt_first_player": "2"})
    guest = friend()
    guest.set_viewport_size({"width": 360, "height": 640})
    join(page, guest, seat=3)
    guest.wait_for_selector('.klats-table .seat.current[data-seat="2"]')
    guest.wait_for_timeout(100)
    hidden = guest.evaluate("""() => {
        const row = document.querySelector('.seat[data-seat="2"]'), foot = document.querySelector('[data-foot]');
        return [getComputedStyle(foot).position, row.getBoundingClientRect().bottom - foot.getBoundingClientRect().top]; }""")
    assert hidden[0] == "sticky" and hidden[1] <= 0, hidden
    assert guest.locator('.seat[data-seat="2"] .seat-name').is_visible()


def test_a_guest_on_another_device_comes_back_with_a_new_invite_and_a_bot_may_play_meanwhile(
        page: Page, friend: Callable[..., Page], site_url: str) -> None:
    with klats_with_boris(page, friend, site_url, seed=4) as guest:
        play_one_card(page)  # Anna's move; Boris to play …
        guest.wait_for_selector(TURN)
        guest.close()  # … and his phone dies: the host sees him away, with a new invite ready
        page.wait_for_selector('.presence [data-state="away"] #invite-1', timeout=20_000)
        assert page.locator(f'.presence-line {act("p2p-stand-in", seat=1)}').count() == 1  # said above the board
        page.set_viewport_size({"width": 360, "height": 640})  # a phone: the friends' list is far below
        assert page.inner_text(".presence-line .away-qr summary") == "Show the QR code"
        page.click(".presence-line .away-qr summary")  # his new invite's QR, above the board …
        assert page.inner_text(".presence-line .away-qr summary") == "Hide the QR code"
        page.click(f'.presence-line {act("p2p-to-answer", field="answer-1")}')  # … and the box for his answer
        assert page.evaluate("document.activeElement.id") == "answer-1"
        assert page.evaluate("(r => r.top >= 0 && r.bottom <= innerHeight)(document.activeElement.getBoundingClientRect())")
        page.click(".presence-line .away-qr summary")
        # At the top of the page, the line is short enough that his row shows whole above yours
        # (which stays at the screen's foot).
        page.evaluate("scrollTo(0, 0)")
        his, mine = (page.locator(f".klats-table .seat{s}").bounding_box() for s in (":not(.me)", ".me"))
        assert his is not None and mine is not None and his["y"] + his["height"] <= mine["y"] + 1, (his, mine)
        page.set_viewport_size({"width": 1280, "height": 800})
        shoot(page, "host-friend-away")
        page.click(f'.presence-line {act("p2p-stand-in", seat=1)}')  # a bot plays his turn meanwhile
        page.wait_for_selector(TURN)
        assert page.locator('.presence [data-state="bot"]').count() == 1
        tablet = friend()  # he comes back on his tablet with the new invite: the same seat
        join(page, tablet, start=False)
        tablet.wait_for_selector(".klats-table")
        tablet.wait_for_selector(".presence-line")  # "a bot plays your seat for now"
        shoot(tablet, "guest-bot-plays")
        page.click(act("p2p-hand-back", seat=1))
        page.wait_for_selector('.presence [data-state="here"]')
        play_one_card(page)
        tablet.wait_for_selector(TURN)  # his seat, his turn again, on his device
        play_one_card(tablet)
        page.wait_for_selector(TURN)


def drawn_modules(page: Page, selector: str) -> list[list[bool]]:
    """The modules of the QR code drawn at ``selector``, read from the page's own SVG (each dark
    run of a row is a path segment ``M x y h w v1 h-w z``, after four modules of quiet zone)."""
    import re

    size = int(page.evaluate("(s) => document.querySelector(s).viewBox.baseVal.width", selector)) - 8
    grid = [[False] * size for _ in range(size)]
    path = page.get_attribute(f"{selector} path", "d") or ""
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path):
        for i in range(int(w)):
            grid[int(y) - 4][int(x) - 4 + i] = True
    assert sum(map(sum, grid)) > size * size // 4, "no QR code drawn there"
    return grid


def y4m(modules: list[list[bool]], path: Path, scale: int = 6, frames: int = 5) -> None:
    """A short video (YUV4MPEG2, 4:2:0) of a QR code, for Chromium's fake camera."""
    n = len(modules) + 8
    side = n * scale + (n * scale) % 2
    luma = bytearray([255]) * (side * side)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = ((y + 4) * scale + dy) * side + (x + 4) * scale
                    luma[start:start + scale] = bytes(scale)
    chroma = bytes([128]) * ((side // 2) * (side // 2) * 2)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{side} H{side} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma)


def test_the_host_scans_the_answer_with_its_camera(browser: Browser, friend: Callable[..., Page], problems: PageProblems,
                                                  site_url: str, tmp_path: Path) -> None:
    """The guest's answer QR read by the host's own camera inside the app (Chromium's fake camera
    plays a video of the QR code the guest's page drew; jsQR decodes it, BarcodeDetector where
    the browser has one)."""
    from conftest import CHROMIUM_FLAGS, _executable, bare

    video = tmp_path / "answer.y4m"
    exe = _executable()
    camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"]
    # The host in a browser of its own: the fake camera is a launch flag (a device that plays the
    # file as its video; no permission prompt, as if the player had allowed the camera).
    host_browser = browser.browser_type.launch(headless=True, executable_path=exe,
                                               args=(CHROMIUM_FLAGS if exe else []) + camera)
    try:
        host = host_browser.new_context(locale="en-US").new_page()
        seen = PageProblems(site_url.split(SUB_PATH)[0])
        seen.attach(host)
        host.goto(site_url + bare("?delay=0&seed=5", warm=False))
        host.wait_for_selector(READY, timeout=90_000)
        start_game(host, "klats", [("Anna", "human"), ("Boris", "remote")])
        host.wait_for_selector("#invite-1")
        guest = friend()
        guest.goto(host.input_value("#invite-1").replace("#j=", FRIEND_QUERY + "#j="))
        guest.wait_for_selector(READY, timeout=90_000)
        guest.click(act("p2p-join"))
        guest.wait_for_selector("#answer-link")
        y4m(drawn_modules(guest, "main.join .invite-qr svg"), video)  # what the camera will see: the guest's screen
        host.click(act("p2p-scan", seat=1))
        host.wait_for_selector('#lobby [data-state="here"]', timeout=30_000)
        host.click(act("p2p-start"))
        guest.wait_for_selector(".klats-table")
        seen.check()
        problems.check()  # the guest's page (:func:`conftest.friend`)
    finally:
        host_browser.close()


@pytest.mark.long
def test_three_devices_play_a_whole_game(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """A host and two guests, each on his own device, play Rock, Paper, Scissors … Zombies!!! to
    its end; when one guest's page is closed, the other is told he is away. Vera's phone speaks
    Russian, and her seat is joined by keyboard on both sides (the screens pass axe in Russian)."""
    open_app(page, site_url, "?delay=0&seed=6")
    page.context.grant_permissions(["screen-wake-lock"])  # (headless Chromium refuses it unless told)
    start_game(page, "rps_zombie", [("Anna", "human"), ("Boris", "remote"), ("Vera", "remote")])
    page.wait_for_selector("html[data-awake]")  # the host's screen is kept on from the lobby …
    guests = [friend("en-US"), friend("ru-RU")]
    for guest in guests:
        guest.context.grant_permissions(["screen-wake-lock"])
    problems: list[str] = []
    join(page, guests[0], 1, start=False)
    page.wait_for_selector('#lobby [data-seat="1"] [data-state="here"]', timeout=15_000)
    vera = guests[1]
    page.dispatch_event(act("lang", lang="ru"), "click")
    page.wait_for_selector('html[lang="ru"] #invite-2')
    problems += audit(page, "lobby-ru")
    vera.goto(page.input_value("#invite-2").replace("#j=", FRIEND_QUERY + "#j="))
    vera.wait_for_selector(READY, timeout=90_000)
    assert vera.get_attribute("html", "lang") == "ru" and "Anna" in vera.inner_text("main.join h1")
    problems += audit(vera, "join-ru")
    vera.focus(act("p2p-join"))
    vera.keyboard.press("Enter")
    vera.wait_for_selector("#answer-code")
    vera.wait_for_selector("html[data-awake]")  # (her answer's QR code stays on screen to be scanned)
    problems += audit(vera, "answer-ru")
    put_in(page, "#answer-2", vera.input_value("#answer-code"))  # (as typed: only a paste connects at once)
    page.focus("#answer-2")
    page.keyboard.press("Tab")  # the field's own Connect button is next …
    assert page.get_attribute(":focus", "data-action") == "p2p-connect"
    page.keyboard.press("Enter")  # … and Enter presses it
    page.wait_for_selector('#lobby [data-seat="2"] [data-state="here"]', timeout=15_000)
    for size in cast("tuple[ViewportSize, ...]",  # two invites: a long lobby
                     ({"width": 1280, "height": 800}, {"width": 360, "height": 640})):
        page.set_viewport_size(size)
        start = page.locator(act("p2p-start")).bounding_box()
        assert start and 0 <= start["y"] and start["y"] + start["height"] <= size["height"], (size, start)  # at its foot
    page.set_viewport_size({"width": 1280, "height": 800})
    page.focus(act("p2p-start"))
    page.keyboard.press("Enter")
    for guest in guests:
        guest.wait_for_selector(".rz-table")
        guest.wait_for_selector("html[data-awake]")  # … and each friend's too, at his table …
    play_to_the_end([page, *guests], lambda d, _: d.locator(f'.rz-choices button{act("decide")}').first.click())
    for device in (page, *guests):  # … until the game is over
        device.wait_for_selector("html:not([data-awake])", state="attached")
    page.context.clear_permissions()
    guests[1].close()  # Vera's tab is closed: Boris is told
    guests[0].wait_for_selector(".presence-line >> text=Not here now: Vera.", timeout=15_000)
    assert not problems, "\n".join(problems)


def test_the_host_reloads_and_the_game_goes_on(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """The host's page reloads mid-game: the game resumes from its save, and the friend's device,
    which keeps a connection waiting for that (devices/spare.py), is back by itself (nothing passed
    between the devices); the same game goes on."""
    with klats_with_boris(page, friend, site_url, seed=7) as guest:
        play_one_card(page)
        guest.wait_for_selector(TURN)
        play_one_card(guest)
        page.wait_for_selector(TURN)
        piles = page.locator(".tableau .pile:not(.slot)").count()
        kept_anew(page, "pygames.friends_waiting")  # (the connection Boris's device keeps waiting for it)
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        assert page.locator(".tableau .pile:not(.slot)").count() == piles  # the same game, from its save
        page.wait_for_selector('.presence [data-state="here"]', timeout=20_000)  # Boris back by himself
        play_one_card(page)
        guest.wait_for_selector(TURN)
        assert guest.locator(f'#answer-code, {act("p2p-join")}').count() == 0  # (no invite, no answer)
        play_one_card(guest)
        page.wait_for_selector(TURN)


@pytest.mark.long
def test_a_whole_zoomagia_game_between_three_devices(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    """Зоомагия across three devices to its end: pushes, takes, refills and banks, each on his
    own, and each device makes every kind of move the game asks of a player."""
    from test_zoomagia import decide

    open_app(page, site_url, "?delay=0&seed=8")
    start_game(page, "zoomagia", [("Anna", "human"), ("Boris", "remote"), ("Vera", "remote")])
    guests = [friend(), friend("ru-RU")]
    join(page, guests[0], 1, start=False)
    join(page, guests[1], 2)
    for guest in guests:
        guest.wait_for_selector(".zm-table")
    made: dict[Page, set[str]] = {d: set() for d in (page, *guests)}

    def move(who: Page, turn: int) -> None:
        assert who.locator(".zm-table").count() == 1
        before = who.get_attribute(".zm-table", "data-phase")
        made[who].add(decide(who, turn))
        # the host judges the move and sends the new frame (a move refused as stale, had it been
        # clicked twice on the old one, would change nothing: the host is the referee)
        # (banking may leave the phase as it was: another animal to bank)
        if before != "bank":
            who.wait_for_selector(f'.zm-table:not([data-phase="{before}"]), #prompt[data-my-turn="false"], {OVER}',
                                  timeout=15_000)  # (a busy machine)

    play_to_the_end([page, *guests], move)
    kinds = {"push", "take", "refill", "bank"}
    assert all(kinds <= done for done in made.values()), made


def test_tab_stays_in_the_lobby_and_goes_round_it(page: Page, site_url: str) -> None:
    """The lobby is a modal dialog: Tab and Shift+Tab go round its controls (the folded "Play
    across the internet" ones are passed by), never out of it and never stuck on one."""
    open_app(page, site_url, "?delay=0&seed=3")
    start_game(page, "klats", [("Anna", "human"), ("Boris", "remote")])
    page.wait_for_selector("#lobby #invite-1")
    for key in ("Tab", "Shift+Tab"):
        seen = set()
        for _ in range(30):
            page.keyboard.press(key)
            where = page.evaluate("() => [document.activeElement.closest('#lobby') !== null, "
                                  "document.activeElement.outerHTML.slice(0, 80)]")
            assert where[0], f"{key} left the lobby: {where[1]}"
            seen.add(where[1])
        assert len(seen) >= 5, (key, seen)
