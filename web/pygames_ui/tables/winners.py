"""Who won, in words: the game-over heading and the log's last line, for one winner or a
shared win, said to the player called "You" when he is among them."""

from __future__ import annotations

from ..dom import esc
from .base import Ctx


def who_won(ctx: Ctx, winners: list[int], key: str) -> str:
    """The sentence ``key`` for these winners (safe HTML).

    The catalogue has ``key`` (one winner, ``{who}``), ``key.you`` (the viewer alone),
    ``key.shared`` (several, ``{who}`` the list), ``key.shared_you`` (the viewer among
    several, ``{who}`` the list starting with "You") and ``key.none``.  Russian cannot
    agree a verb with a typed name (its gender is unknown), so its sentences about other
    players are worded without one ("Победитель: Анна").
    """
    if not winners:
        return ctx.t(f"{key}.none")
    if len(winners) == 1:
        return ctx.say(key, by=winners[0])
    yours = [w for w in winners if ctx.is_you(w)]
    if yours:
        others = [ctx.name(w) for w in winners if w not in yours]
        return ctx.t(f"{key}.shared_you", who=ctx.t.names_and([esc(ctx.t("setup.default_you")), *others]))
    return ctx.t(f"{key}.shared", who=ctx.t.names_and([ctx.name(w) for w in winners]))
