"""Камень, ножницы, бумага и … ЗОМБИ!!! cards as pictures: on the table and inside sentences."""

from __future__ import annotations

from ..art import picture
from ..dom import attrs, esc
from ..i18n import I18n


def icon(kind: str, cls: str = "rz-ico") -> str:
    """A card kind's picture (decorative: the words beside it name the kind)."""
    return picture(kind, cls=cls)


def kind_name(t: I18n, kind: str) -> str:
    return t(f"rz.k.{kind}")


def card_html(t: I18n, kind: str, cls: str = "", move: str | None = None, came_from: str | None = None) -> str:
    """A card as a picture with its name (``cls``: ``mini`` for a trophy under a brain).

    ``move`` names the card's place on the table, so that the page slides it when it
    moves; a card new there slides in from the place named ``came_from``.
    """
    name = esc(kind_name(t, kind))
    return (f'<span class="rz-card k-{kind} {cls}"{attrs(data_move=move, data_move_from=came_from)}'
            f' role="img" aria-label="{name}" title="{name}">'
            f'{icon(kind)}<span class="rz-nm" aria-hidden="true">{name}</span></span>')


def chip(t: I18n, kind: str) -> str:
    """A card named inside a sentence: a small picture and the word."""
    return f'<span class="rz-chip k-{kind}">{icon(kind)}{esc(kind_name(t, kind))}</span>'
