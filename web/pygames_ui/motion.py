"""Moves you can follow: a card slides from where it was before a render to where it is now.

The tables mark what may slide (``data-move``, ``data-move-from``); the page notes where
those elements stand (:func:`places`), redraws, and :func:`slide` animates the difference.
The functions take the DOM objects they work on and import the Pyodide FFI only when they
run: the snapshot worker imports this module where there is no ``document`` nor ``window``.
"""

from __future__ import annotations

from typing import Any

#: How long a card takes to slide from where it was to where it is now (the page never waits for it).
MOVE_MS = 240
#: How a slide eases in: fast off the mark, settling gently in its new place.
EASING = "cubic-bezier(.2, .7, .3, 1)"

#: Each ``data-move`` key's place on the screen: (viewport left, top), in CSS pixels, and its
#: frame's: the seat (``data-seat``) it lies in (``None``: none) and that seat's (left, top).
Place = tuple[float, float, str | None, float, float]
Places = dict[str, Place]


#: The markup before a ``data-move`` mark that goes with it (its element's start, its container's).
_BEFORE = 80


def signature(html: str) -> tuple[str, ...]:
    """What of ``html`` says where things that slide stand: each ``data-move`` mark in order, with
    the markup just before it. Between two renders with the same signature nothing moved (a menu
    opened, a hint shown), and the page measures nothing: measuring forces the browser to lay the
    page out, twice a render (before and after), which on a slow phone is most of a tap's time.
    (Found with ``str.find``: a pattern looking back 80 characters cost more than the render.)"""
    marks: list[str] = []
    at = html.find('data-move="')
    while at >= 0:
        end = html.find('"', at + 11)
        if end < 0:
            break
        marks.append(html[max(0, at - _BEFORE):end])
        at = html.find('data-move="', end)
    return tuple(marks)


def reduced_motion(window: Any) -> bool:
    """Whether the player asked the system for less motion (then nothing slides)."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def places(root: Any) -> Places:
    """Where each ``data-move`` element of ``root`` stands, and the seat it lies in; a key shown
    twice is left out."""
    from .focus import present

    found: Places = {}
    twice: set[str] = set()
    frames: dict[str, tuple[float, float]] = {}
    for el in root.querySelectorAll("[data-move]"):
        key = str(el.getAttribute("data-move"))
        if key in found:
            twice.add(key)
            continue
        rect = el.getBoundingClientRect()
        parent = el.parentElement
        frame = parent.closest("[data-seat]") if present(parent) else None
        name: str | None = None
        fx = fy = 0.0
        if frame is not None and present(frame):
            name = f"{frame.tagName}:{frame.getAttribute('data-seat')}"
            if name not in frames:
                box = frame.getBoundingClientRect()
                frames[name] = (float(box.left), float(box.top))
            fx, fy = frames[name]
        found[key] = (float(rect.left), float(rect.top), name, fx, fy)
    for key in twice:
        del found[key]
    return found


def shift(old: Place, new: Place) -> tuple[float, float]:
    """How far a thing moved from ``old`` to ``new``: within its seat when it stayed in it (the
    seat itself moved at once, a banner or the confirm bar come or gone: what is in it goes
    with it, only a move inside it slides), else across the screen."""
    if old[2] is not None and old[2] == new[2]:
        return (old[0] - old[3]) - (new[0] - new[3]), (old[1] - old[4]) - (new[1] - new[4])
    return old[0] - new[0], old[1] - new[1]


def slide(root: Any, before: Places) -> int:
    """Slide what moved since ``before`` from its old place to its new one; returns how many slid.

    The new table is already in the page and answers clicks at once: a slide only draws
    the element on its way (Web Animations on ``translate``, no overlay, nothing to wait
    for).  An element that has no twin before comes from the first of its
    ``data-move-from`` keys that was on the page (a card from a hand onto a pile).
    """
    from js import Object  # type: ignore[import-not-found]  # the FFI exists only in Pyodide
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    after = places(root)
    moved = 0
    for el in root.querySelectorAll("[data-move]"):
        key = str(el.getAttribute("data-move"))
        if key not in after:
            continue
        old = before.get(key)
        if old is None:
            if not el.hasAttribute("data-move-from"):
                continue
            sources = str(el.getAttribute("data-move-from")).split()
            old = next((before[k] for k in sources if k in before), None)
            if old is None:
                continue
        dx, dy = shift(old, after[key])
        if abs(dx) < 1 and abs(dy) < 1:
            continue
        frames = to_js([{"translate": f"{dx:.1f}px {dy:.1f}px"}, {"translate": "0 0"}], dict_converter=Object.fromEntries)
        timing = to_js({"duration": MOVE_MS, "easing": EASING, "id": "move"}, dict_converter=Object.fromEntries)
        el.animate(frames, timing)
        moved += 1
    return moved
