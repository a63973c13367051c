"""What a host's device keeps for its page's reload: each friend's waiting connection (spare.py).

A friend's device keeps a connection waiting for the host and sends its offer (``spare``).
The host keeps the latest of each seat here, by the seat's token (which the game's save
keeps too), so that a reloaded page, its game resumed from the save, answers each and
every friend still at the table is back by himself (:meth:`.room.Room.call_back`).
"""

from __future__ import annotations

import json
import time

from ..session import Storage, read_kept
from . import spare
from .room import Room

#: Where: {token: [offer, ufrag, pwd, when]}, the friends of one game (the one this page hosts).
KEY = "pygames.friends_waiting"


def keep(storage: Storage, room: Room) -> None:
    """Keep the waiting connections the friends of ``room`` have sent (replacing any other game's)."""
    tokens = room.referee.tokens
    now = time.time()
    kept = {tokens[seat]: [*offer, now] for seat, offer in room.referee.waiting.items() if seat in tokens}
    try:
        storage.setItem(KEY, json.dumps(kept))
    except Exception:  # noqa: BLE001 - a full or refused storage: after a reload, new invites bring them back
        pass


def waiting(storage: Storage, tokens: dict[int, str]) -> dict[int, tuple[str, str, str]]:
    """The waiting connections kept for the seats with these ``tokens`` (within :data:`.spare.KEPT_S`)."""
    kept = read_kept(storage, KEY)
    if not isinstance(kept, dict):
        return {}
    out = {}
    for seat, token in tokens.items():
        entry = kept.get(token)
        if not (isinstance(entry, list) and len(entry) == 4 and type(entry[3]) in (int, float)
                and 0 <= time.time() - entry[3] <= spare.KEPT_S and all(isinstance(x, str) for x in entry[:3])):
            continue
        offer = spare.read({"offer": entry[0], "ufrag": entry[1], "pwd": entry[2]})
        if offer is not None:
            out[seat] = offer
    return out
