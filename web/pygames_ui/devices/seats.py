"""What the host keeps of its friends' seats in the game's save, so a reload loses none of it.

Each guest seat's token (the secret its invite carries), the seats a bot stands in for and when
bots played for whom (the log says so) live in ``Session.ui[UI_KEY]``, saved with the game. A
host whose page reloads resumes the game from the save and writes new invites with the *same* tokens: a guest keeps its token, and a
device that never had a seat's invite still cannot take it. The save is untrusted input like
any other: :func:`check_saved` keeps only what has the right shape, for seats that are a
friend's; anything else is dropped (new tokens are drawn, the invites are new anyway).
"""

from __future__ import annotations

import base64
import re
import secrets
from typing import Any

from ..frame import Spell

#: The key of the friends' seats in ``Session.ui``.
UI_KEY = "p2p"
#: A seat's token: 22 base64url characters (128 random bits).
TOKEN_LENGTH = 22
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}")


def new_token() -> str:
    """A seat's secret: 128 random bits, base64url (:data:`TOKEN_LENGTH` characters)."""
    return secrets.token_urlsafe(16)


def is_token(value: object) -> bool:
    """True for a token as :func:`new_token` writes it: 16 bytes, base64url, the way they are written
    back from an invite's bytes (the last letter's unused bits clear)."""
    if not isinstance(value, str) or _TOKEN.fullmatch(value) is None:
        return False
    return base64.urlsafe_b64encode(base64.urlsafe_b64decode(value + "==")).decode("ascii").rstrip("=") == value


#: The most bot spells a save or a ``table`` message holds (the host keeps the newest).
MAX_SPELLS = 500


def written(tokens: dict[int, str], bots: set[int], started: bool, spells: list[Spell]) -> dict[str, Any]:
    """The friends' seats as the save keeps them (JSON: seat numbers as text)."""
    return {"tokens": {str(seat): token for seat, token in sorted(tokens.items())}, "bots": sorted(bots),
            "started": started, "spells": [list(spell) for spell in spells]}


def check_spells(value: object, seats: list[int]) -> list[Spell] | None:
    """Bot spells as a save or a host writes them (``[seat, first event, end or None]``, the seat one
    of ``seats``), read back; ``None`` when they are not."""
    if not isinstance(value, list) or len(value) > MAX_SPELLS:
        return None
    spells: list[Spell] = []
    for spell in value:
        if not (isinstance(spell, list) and len(spell) == 3 and all(type(x) is int for x in spell[:2])):
            return None
        seat, first, end = spell
        if seat not in seats or first < 0 or not (end is None or (type(end) is int and end >= first)):
            return None
        spells.append((seat, first, end))
    return spells


def check_saved(value: object, remote: list[int]) -> dict[str, Any] | None:
    """The friends' seats read back from a save, cleaned (``None``: nothing usable).

    The tokens must be one per friend's seat (``remote``), each a token; stand-in bots only on
    those seats; ``started`` a flag. A part that fails is dropped, not the whole save: the game
    itself is still good, only its invites will carry new tokens.
    """
    if not isinstance(value, dict):
        return None
    tokens = value.get("tokens")
    if not isinstance(tokens, dict) or sorted(tokens) != sorted(str(seat) for seat in remote):
        return None
    if not all(is_token(token) for token in tokens.values()):
        return None
    bots = value.get("bots", [])
    if not isinstance(bots, list) or not all(type(seat) is int and seat in remote for seat in bots):
        bots = []
    spells = check_spells(value.get("spells", []), remote) or []  # (only the log's words hang on them)
    return written({int(seat): token for seat, token in tokens.items()}, set(bots), value.get("started") is True,
                   spells)


def read(ui: dict[str, Any]) -> tuple[dict[int, str], set[int], bool, list[Spell]] | None:
    """The tokens, stand-in seats, started flag and bot spells of a session's friends (``None``: none kept)."""
    saved = ui.get(UI_KEY)
    if not isinstance(saved, dict):
        return None
    return ({int(s): t for s, t in saved["tokens"].items()}, set(saved["bots"]), bool(saved["started"]),
            [(s, a, b) for s, a, b in saved.get("spells", [])])
