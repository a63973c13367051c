"""Small pieces of the devices' screens shared by the host's lobby and the guest's join screen."""

from __future__ import annotations

import re
from functools import lru_cache

from ..dom import button, esc
from ..i18n import I18n
from ..session import Storage
from . import qr


@lru_cache(maxsize=32)
def qr_svg(text: str, label: str) -> str:
    """``text`` as a QR code (level L) drawn in SVG; kept, as the page is drawn again and again
    while the lobby shows (encoding one takes a moment in the browser)."""
    return qr.svg(qr.encode(text, level="L"), label)


def copy_field(t: I18n, name: str, label: str, value: str, share: str = "") -> str:
    """A read-only text to copy, with its Copy button (the page copies the field's text); a link
    also gets Share (``share``: the words sent with it), shown where the browser can share
    (the Web Share API: a phone's share sheet, a messenger; ``html[data-can-share]``)."""
    shares = (button(esc(t("devices.share")), "p2p-share", "share-btn", aria_label=t("devices.share_what", value=label),
                     field=name, shares=share) if share else "")
    return (f'<p class="copy-field"><label for="{name}">{esc(label)}</label>'
            f'<input id="{name}" name="{name}" readonly value="{esc(value)}">'
            f'{button(esc(t("devices.copy")), "p2p-copy", "", aria_label=t("devices.copy_what", value=label), field=name, copies=label)}'
            f'{shares}</p>')


#: Where this device keeps the STUN server its player chose (none by default); p2p.js reads it.
STUN_KEY = "pygames.stun"
_STUN = re.compile(r"^stuns?:[A-Za-z0-9.-]{1,200}(:\d{1,5})?$")


def stun_server(text: str) -> str | None:
    """A STUN server's address as the player typed it (``stun:host:port``), or ``None`` if it is not one."""
    text = text.strip()
    return text if _STUN.match(text) else None


def stun_box(t: I18n, storage: Storage) -> str:
    """Play across the internet: the STUN server this device asks, if the player chose one."""
    now = storage.getItem(STUN_KEY) or ""
    return (f'<details class="stun"><summary>{esc(t("devices.stun"))}</summary><p>{esc(t("devices.stun_about"))}</p>'
            f'<p class="copy-field"><label for="stun">{esc(t("devices.stun_label"))}</label>'
            f'<input id="stun" name="stun" value="{esc(now)}" placeholder="stun:stun.example.org:3478" autocomplete="off" data-keep>'
            f'{button(esc(t("devices.stun_save")), "p2p-stun", "")}</p></details>')
