"""Зоомагия cards as pictures and words: a card face, a card named inside a sentence,
a tiny card for piles, and the phrases for points and places on the field."""

from __future__ import annotations

from pygames_core.zoomagia.rules import ANIMAL_OF, PART_OF

from ..art import picture
from ..dom import esc
from ..i18n import I18n


def card_name(t: I18n, card: str) -> str:
    """``sheep head`` / ``голова овцы`` (plain text)."""
    return t("zm.card", name=t(f"zm.animal_of.{ANIMAL_OF[card]}"), value=t(f"zm.part.{PART_OF[card]}"))


def moves(card: str) -> str:
    """The ``data-move`` attribute of the one face of ``card`` that stands for it on the table:
    every card is unique, so the page slides it from wherever it stood before."""
    return f' data-move="z-{esc(card)}"'


def card_html(t: I18n, card: str, cls: str = "", move: bool = False, place: str = "") -> str:
    """A card face: the part on a coloured band, the animal's picture and name, and
    three pips with the part's place (head left, body middle, tail right) lit.
    ``move``: this face is the card's place on the table (see :func:`moves`); ``place``: where
    it lies, said before its name ("Row 2, column 3"), which a screen reader cannot see.
    The part's and the animal's words are drawn by CSS (``data-t``), not written as text: a
    button holding the card is named by what it does ("Take the card that fell out: cat
    body"), and words of the face written in it ("body", "cat") would not be part of that
    name, in that order (WCAG 2.5.3, axe's label-content-name-mismatch)."""
    animal, part = ANIMAL_OF[card], PART_OF[card]
    label = esc(card_name(t, card))
    said = f"{esc(place)}: {label}" if place else label
    name = t(f"zm.animal.{animal}")
    return (
        f'<span class="zcard zp-{part} za-{animal}{" " + cls if cls else ""}"{moves(card) if move else ""} role="img" aria-label="{said}" title="{label}">'
        f'<span class="zc-part" aria-hidden="true" data-t="{esc(t(f"zm.part.{part}"))}"></span>'
        f'<span class="zc-pic">{picture(animal)}</span>'
        f'<span class="zc-name{" long" if len(name) > 7 else ""}" aria-hidden="true" data-t="{esc(name)}"></span>'
        f'<span class="zc-pips" aria-hidden="true"><i></i><i></i><i></i></span></span>'
    )


def chip(t: I18n, card: str) -> str:
    """A card named inside a sentence: picture and words, edged in the part's colour."""
    return f'<span class="zchip zp-{PART_OF[card]}">{picture(ANIMAL_OF[card])}{esc(card_name(t, card))}</span>'


def dot(t: I18n, card: str, move: bool = False) -> str:
    """A tiny card for piles: the picture edged in the part's colour over three pips, the part's
    place lit (the part shows by position, not by colour alone); its name on hover and for
    screen readers."""
    label = esc(card_name(t, card))
    return (f'<span class="zdot zp-{PART_OF[card]}"{moves(card) if move else ""} role="img" aria-label="{label}" title="{label}">'
            f'{picture(ANIMAL_OF[card])}<span class="zc-pips"><i></i><i></i><i></i></span></span>')


#: Between cards named one after another: a comma a screen reader says ("hippo head, elephant
#: body", not "hippo head elephant body"), a space the eye sees.
SAID_APART = '<span class="sr">,</span> '


def animal_chips(t: I18n, cards: list[str]) -> str:
    return '<span class="zm-trio">' + '<span class="sr">, </span>'.join(chip(t, c) for c in cards) + "</span>"


def points(t: I18n, n: int) -> str:
    return t.plural("zm.points", n)


def where(t: I18n, line: str, index: int, side: str) -> str:
    """``Row 2 from the left`` (rows and columns are numbered from 1 for people)."""
    return t(f"zm.where.{line}.{side}", n=index + 1)
