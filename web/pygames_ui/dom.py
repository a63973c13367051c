"""HTML building helpers.  All text goes through :func:`esc`; nothing else builds markup."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")

#: The five characters HTML gives a meaning to, as ``html.escape(quote=True)`` writes them. The
#: ``html`` module itself is not imported: it brings a 36 kB table of named entities with it.
_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def esc(value: Any) -> str:
    """Text -> safe HTML text (quotes included, so it is safe in attributes too)."""
    text = str(value)
    for char, entity in _ESCAPES:
        text = text.replace(char, entity)
    return text


def unesc(html: str) -> str:
    """The text :func:`esc` escaped (the only entities our markup holds)."""
    for char, entity in reversed(_ESCAPES):
        html = html.replace(entity, char)
    return html


def attrs(**values: Any) -> str:
    """``data_x=1, class_="a"`` -> ` data-x="1" class="a"`; ``None``/``False`` values are left out."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def button(label_html: str, action: str, cls: str = "", aria_label: str | None = None,
           disabled: bool = False, pressed: bool | None = None, **data: Any) -> str:
    """A real ``<button>`` (keyboard and screen readers for free) that the app's one click handler reads.

    ``data`` become ``data-*`` attributes; ``None`` is written as ``"null"``. ``pressed``: a
    toggle's state (``aria-pressed``), e.g. the language shown.
    """
    extra = {f"data_{k}": ("null" if v is None else v) for k, v in data.items()}
    state = None if pressed is None else str(pressed).lower()
    return (f'<button type="button"{attrs(class_=cls or None, data_action=action, aria_label=aria_label, disabled=disabled, aria_pressed=state, **extra)}>'
            f"{label_html}</button>")


def merge_actions(*tables: Mapping[str, T]) -> dict[str, T]:
    """Click handler tables (``data-action`` -> handler) merged into one. An action in two of them
    is a ``ValueError``: merged with ``**``, the later would silently win, and a button would do
    what the part of the app that drew it never meant."""
    merged: dict[str, T] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"data-action handled twice: {', '.join(twice)}")
        merged.update(table)
    return merged


def alert(text: str, n: int) -> str:
    """A one-off message about the last click (``#flash``, ``role="alert"``). ``n`` counts the
    clicks that got one: the same words said again (a second wrong click) are a new element
    inside it, which a screen reader says again; the same element would be kept silent."""
    return f'<p class="flash" role="alert" id="flash"><span id="flash-{n}">{esc(text)}</span></p>'


#: A picture-and-word chip in a sentence (RPS, Зоомагия: an inline box, after which a browser may
#: break the line) and the punctuation right after it.
_CHIP_THEN_MARK = re.compile(r'(<span class="(?:rz-chip|zchip) [^"]*">(?:(?!</span>).)*</span>)([.,;:!?…)»]+)')


def glued(html: str | None) -> str | None:
    """``html`` (a log line) with each chip kept on one line with the full stop or comma after it
    (a "." alone on the next line, after "…Anna with [Scissors]")."""
    return None if html is None else _CHIP_THEN_MARK.sub(r'<span class="glued">\1\2</span>', html)
