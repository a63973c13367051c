"""The bot levels on the new-game form: the seat-kind choices and what each level is, in words."""

from __future__ import annotations

from pygames_core.bots import levels

from .dom import attrs, esc
from .i18n import I18n
from .session import SEAT_KINDS

#: The level of a bot seat added on the form: quick to answer and a fair first opponent.
DEFAULT_BOT = "medium"


def seat_kind_options(t: I18n, selected: str) -> str:
    """The ``<option>``s of a seat's "who plays" select: Human, then the levels, easiest first."""
    return "".join(f'<option{attrs(value=kind, selected=kind == selected)}>{esc(t(f"kind.{kind}"))}</option>'
                   for kind in SEAT_KINDS)


def levels_about(t: I18n) -> str:
    """What each level is, in words (shown under the seats of the new-game form)."""
    rows = "".join(f'<dt>{esc(t(level.label))}</dt><dd>{esc(t(level.about))}</dd>' for level in levels.LEVELS)
    return (f'<section class="levels-about" aria-labelledby="levels-about-title">'
            f'<h2 id="levels-about-title">{esc(t("setup.levels"))}</h2><dl>{rows}</dl></section>')
