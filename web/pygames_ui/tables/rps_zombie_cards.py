"""Камень, ножницы, бумага и … ЗОМБИ!!! cards as pictures: on the table and inside sentences."""

from __future__ import annotations

from ..dom import esc
from ..i18n import I18n

# Small inline pictures (SVG presentation attributes, no style="…": the CSP forbids inline styles).
# Drawn rather than emoji so that they look the same on every system, fonts or not.
_BRAIN_HALF = (
    '<path d="M16 5.5c-1.6-2-5.7-2.2-7.2.6-2.9.2-4.8 3.1-3.8 5.8-2.3 1.3-2.6 4.8-.6 6.6-1.2 2.6.6 5.6 3.5 5.9'
    '.6 2.6 3.8 4 6.2 2.7.6.6 1.2.9 1.9.9z" fill="#f6a9c4" stroke="#a8476f" stroke-width="1.4" stroke-linejoin="round"/>'
    '<path d="M9 10.5c1.8-.2 3.2.9 3.3 2.6M6.8 16.5c1.8-.7 3.8.1 4.6 1.8M10.5 22.5c.1-1.6 1.3-2.6 2.9-2.5M13.5 7.5'
    'c.7 1 .8 2.2.3 3.3" fill="none" stroke="#a8476f" stroke-width="1.2" stroke-linecap="round"/>'
)
ICONS = {
    "brain": _BRAIN_HALF + f'<g transform="matrix(-1 0 0 1 32 0)">{_BRAIN_HALF}</g>',
    "rock": (
        '<path d="M4.5 21.5l2.8-8.6 6.9-5.2 8.3 1.6 5.3 7.1-.9 7.4-8.1 3.4-9.6-1.2z" fill="#a3a8b3" stroke="#3f4550"'
        ' stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M11.5 13.5l4.2 3.1 6.2-1.9M15.7 16.6l-1.1 6.3M21.9 14.7l2.4 4.9" fill="none" stroke="#5d636e"'
        ' stroke-width="1.2" stroke-linecap="round"/>'
    ),
    "scissors": (
        '<path d="M12.6 20.6L22.4 3.8M19.4 20.6L9.6 3.8" stroke="#dfe6ee" stroke-width="2.8" stroke-linecap="round"/>'
        '<path d="M12.6 20.6L22.4 3.8M19.4 20.6L9.6 3.8" stroke="#5b6b80" stroke-width=".8" stroke-linecap="round"/>'
        '<circle cx="10.2" cy="24.4" r="4.1" fill="none" stroke="#e0524d" stroke-width="2.6"/>'
        '<circle cx="21.8" cy="24.4" r="4.1" fill="none" stroke="#e0524d" stroke-width="2.6"/>'
        '<circle cx="16" cy="14.7" r="1.4" fill="#334155"/>'
    ),
    "paper": (
        '<path d="M8 3.5h12l6 6v19H8z" fill="#f8fafc" stroke="#64748b" stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M20 3.5v6h6" fill="#dbe2ea" stroke="#64748b" stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M11 14.5h11M11 18.5h11M11 22.5h8" stroke="#94a3b8" stroke-width="1.4" stroke-linecap="round"/>'
    ),
    "zombie": (
        '<path d="M6.5 14c0-6.2 4.2-10.5 9.5-10.5S25.5 7.8 25.5 14v4.5c0 4.6-3.6 9-9.5 9s-9.5-4.4-9.5-9z"'
        ' fill="#8ccf3f" stroke="#355e0f" stroke-width="1.5"/>'
        '<path d="M9 9.5l3.5 1.5M19 7.5l1 3" stroke="#355e0f" stroke-width="1.2" stroke-linecap="round"/>'
        '<circle cx="11.8" cy="15.2" r="2.7" fill="#1b2e07"/><circle cx="12.4" cy="14.6" r=".8" fill="#e9f5d8"/>'
        '<path d="M18.2 13l4.2 4.2M22.4 13l-4.2 4.2" stroke="#1b2e07" stroke-width="1.9" stroke-linecap="round"/>'
        '<path d="M10.5 22.2h11M13 20.6v3.2M16 20.6v3.2M19 20.6v3.2" stroke="#1b2e07" stroke-width="1.3"'
        ' stroke-linecap="round"/>'
    ),
}


def icon(kind: str, cls: str = "rz-ico") -> str:
    return f'<svg class="{cls}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">{ICONS[kind]}</svg>'


def kind_name(t: I18n, kind: str) -> str:
    return t(f"rz.k.{kind}")


def card_html(t: I18n, kind: str, cls: str = "") -> str:
    """A card as a picture with its name (``cls``: ``mini`` for a trophy under a brain)."""
    name = esc(kind_name(t, kind))
    return (f'<span class="rz-card k-{kind} {cls}" role="img" aria-label="{name}" title="{name}">'
            f'{icon(kind)}<span class="rz-nm" aria-hidden="true">{name}</span></span>')


def chip(t: I18n, kind: str) -> str:
    """A card named inside a sentence: a small picture and the word."""
    return f'<span class="rz-chip k-{kind}">{icon(kind)}{esc(kind_name(t, kind))}</span>'
