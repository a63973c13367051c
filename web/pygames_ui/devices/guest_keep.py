"""What a guest's device keeps between its pages: the invites it has joined with (one opened
again, a reload, is spent), the spare connection its host keeps for it (a reload comes back by
it) and the host's table it plays at while that game goes on (a tab closed or killed by the
phone leaves no other trace: the home screen says how to come back)."""

from __future__ import annotations

import json
import time

from pygames_core import games

from ..session import Storage, read_kept
from . import invite, spare
from .guest_ui import Joining

#: Where this device keeps the invites it has joined with (their offers' tags, newest last):
#: an invite connects once, and one opened again (a reload) is said to be spent.
JOINED_KEY = "pygames.joined"
JOINED_KEPT = 20


def _joined(storage: Storage) -> list[str]:
    kept = read_kept(storage, JOINED_KEY)
    return [x for x in kept if isinstance(x, str)][-JOINED_KEPT:] if isinstance(kept, list) else []


def remember_joined(storage: Storage, joining: Joining) -> None:
    """``joining``'s invite has connected: it will not connect again."""
    tag = invite.offer_tag(joining.invite.offer).hex()
    kept = [x for x in _joined(storage) if x != tag] + [tag]
    try:
        storage.setItem(JOINED_KEY, json.dumps(kept[-JOINED_KEPT:]))
    except Exception:  # noqa: BLE001 - a full or refused storage: the notice is a help, not a need
        pass


#: The table of a host this device is a guest at, while its game is unfinished (a tab closed or
#: killed by the phone leaves no other trace): the home screen says how to come back.
TABLE_KEY = "pygames.guest_of"
#: How long the home screen remembers it (a game is long over by then).
TABLE_KEPT_S = 6 * 3600


def keep_table(storage: Storage, joining: Joining | None) -> None:
    """Note (or forget) the host's table this device plays at: kept while its game goes on (and
    the host has not left it)."""
    body = joining.guest.table if joining is not None else None
    want = (None if joining is None or body is None or body["over"] or joining.host_left
            else [joining.invite.host, joining.invite.game])
    kept = table_left(storage, within=None)
    try:
        if want is None and kept is not None:
            storage.removeItem(TABLE_KEY)
        elif want is not None and (kept is None or list(kept) != want):
            storage.setItem(TABLE_KEY, json.dumps([*want, time.time()]))
    except Exception:  # noqa: BLE001 - a full or refused storage: the note is a help, not a need
        pass


def table_left(storage: Storage, within: float | None = TABLE_KEPT_S) -> tuple[str, str] | None:
    """The (host's name, game) of the table last played at as a guest, its game unfinished, if
    noted ``within`` seconds (``None``: whenever)."""
    try:
        host, game, at = read_kept(storage, TABLE_KEY)
    except (TypeError, ValueError):  # (none, or not three things)
        return None
    # (a time a clock can give: another tab's note may hold any number, one too big for a float)
    if not (isinstance(host, str) and game in games.names() and type(at) in (int, float) and 0 <= at < 1e12):
        return None
    return (host[:32], game) if within is None or 0 <= time.time() - at <= within else None


def was_joined(storage: Storage, joining: Joining) -> bool:
    return invite.offer_tag(joining.invite.offer).hex() in _joined(storage)


#: The spare connection the host keeps for this device (:mod:`.spare`), with the invite it came
#: by: a reload at the host's table answers it and is back with no new invite.
SPARE_KEY = "pygames.spare"


def keep_spare(storage: Storage, joining: Joining) -> None:
    """Keep the spare offer the host last sent this device (once, as it comes: after each message
    from the host, nothing is read or written unless it is a new one)."""
    kept = joining.guest.spare
    if kept is None or kept == joining.spare_kept:
        return
    joining.spare_kept = kept
    want = [invite.offer_tag(joining.invite.offer).hex(), *kept]
    try:  # (with the invite: the home screen leads back to the table by it, a tab closed)
        storage.setItem(SPARE_KEY, json.dumps([*want, time.time(), invite.write_invite(joining.invite, games.names())]))
    except Exception:  # noqa: BLE001 - a full or refused storage: a reload asks for a new invite
        pass


def kept_spare(storage: Storage, spec: invite.Invite) -> tuple[str, str, str] | None:
    """The spare offer kept for the invite ``spec`` (within :data:`.spare.KEPT_S`), if it is one."""
    return _spare_in(read_kept(storage, SPARE_KEY), spec)


def _spare_in(kept: object, spec: invite.Invite) -> tuple[str, str, str] | None:
    """:func:`kept_spare` in what was read from storage."""
    if not (isinstance(kept, list) and len(kept) == 6 and kept[0] == invite.offer_tag(spec.offer).hex()):
        return None
    _, offer, ufrag, pwd, at, _ = kept
    if not (type(at) in (int, float) and 0 <= time.time() - at <= spare.KEPT_S) or not all(
            isinstance(x, str) for x in (offer, ufrag, pwd)):
        return None
    return spare.read({"offer": offer, "ufrag": ufrag, "pwd": pwd})


def way_back(storage: Storage, host: str, game: str) -> str | None:
    """The address (``#j=…``) by which this device goes back to ``host``'s table of ``game``, a
    tab closed: the invite it came by, whose spare connection it keeps (:func:`kept_spare`)."""
    kept = read_kept(storage, SPARE_KEY)
    text = kept[5] if isinstance(kept, list) and len(kept) == 6 and isinstance(kept[5], str) else ""
    try:
        spec = invite.read_invite(text, games.names())
    except ValueError:
        return None
    if spec.host[:32] != host or spec.game != game or _spare_in(kept, spec) is None:
        return None
    return invite.JOIN_PREFIX + text
