"""Клац! cards as pictures: a card face, and the shape that doubles each colour."""

from __future__ import annotations

from pygames_core.klats.rules import COLOUR_OF

from ..art import picture
from ..dom import esc
from ..i18n import I18n

#: Each colour also has a shape (colour is never the only signal): SVG in a 10×10 box, filled with currentColor.
SHAPES: dict[str, str] = {
    "blue": '<circle cx="5" cy="5" r="4.2"/>',
    "green": '<path d="M5 .6 9.6 9.2H.4z"/>',
    "orange": '<rect x="1" y="1" width="8" height="8"/>',
}


def shape(colour: str, cls: str = "kshape") -> str:
    """The colour's shape (decorative: the colour is named in words nearby)."""
    return f'<svg class="{cls} s-{colour}" viewBox="0 0 10 10" aria-hidden="true" focusable="false">{SHAPES[colour]}</svg>'


def card_html(t: I18n, value: int, cls: str = "") -> str:
    """A card: its value, its colour's shape in the corners, a skull; named ``7, blue`` for screen readers."""
    colour = COLOUR_OF[value]
    label = t("klats.card_label", value=value, colour=t(f"colour.{colour}"))
    return (f'<span class="kcard c-{colour} {cls}" role="img" aria-label="{esc(label)}" title="{esc(label)}">'
            f'{shape(colour)}<span class="kv">{value}</span>{picture("skull", cls="kskull")}'
            f'{shape(colour, "kshape end")}</span>')
