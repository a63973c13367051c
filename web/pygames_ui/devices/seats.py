"""What the host keeps of its friends' seats in the game's save, so a reload loses none of it.

Each guest seat's token (the secret its invite carries) and the seats a bot stands in for live
in ``Session.ui[UI_KEY]``, saved with the game. A host whose page reloads resumes the game
from the save and writes new invites with the *same* tokens: a guest keeps its token, and a
device that never had a seat's invite still cannot take it. The save is untrusted input like
any other: :func:`check_saved` keeps only what has the right shape, for seats that are a
friend's; anything else is dropped (new tokens are drawn, the invites are new anyway).
"""

from __future__ import annotations

import base64
import re
import secrets
from typing import Any

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


def written(tokens: dict[int, str], bots: set[int], started: bool) -> dict[str, Any]:
    """The friends' seats as the save keeps them (JSON: seat numbers as text)."""
    return {"tokens": {str(seat): token for seat, token in sorted(tokens.items())}, "bots": sorted(bots),
            "started": started}


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
    return written({int(seat): token for seat, token in tokens.items()}, set(bots), value.get("started") is True)


def read(ui: dict[str, Any]) -> tuple[dict[int, str], set[int], bool] | None:
    """The tokens, stand-in seats and started flag of a session's friends (``None``: none kept)."""
    saved = ui.get(UI_KEY)
    if not isinstance(saved, dict):
        return None
    return {int(s): t for s, t in saved["tokens"].items()}, set(saved["bots"]), bool(saved["started"])
