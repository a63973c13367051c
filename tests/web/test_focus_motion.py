"""The page's focus keeping and card sliding (pygames_ui.focus, pygames_ui.motion) on plain
CPython, against small stand-ins for the DOM and Pyodide's FFI.

In Chromium: tests/e2e/test_keyboard.py (focus, keys) and tests/e2e/test_motion.py (slides).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from pygames_ui import focus, motion

ROOT = Path(__file__).resolve().parents[2]
JSNULL = SimpleNamespace(name="null")  # Pyodide's ``jsnull``: what ``getAttribute`` returns for no attribute


@pytest.fixture(autouse=True)
def ffi(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pyodide.ffi`` and ``js`` as the functions use them: ``jsnull``, ``to_js``, ``Object.fromEntries``."""
    pyodide, ffi_module, js = ModuleType("pyodide"), ModuleType("pyodide.ffi"), ModuleType("js")
    ffi_module.jsnull = JSNULL  # type: ignore[attr-defined]
    ffi_module.to_js = lambda value, dict_converter: value  # type: ignore[attr-defined]
    js.Object = SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    pyodide.ffi = ffi_module  # type: ignore[attr-defined]
    for name, module in (("pyodide", pyodide), ("pyodide.ffi", ffi_module), ("js", js)):
        monkeypatch.setitem(sys.modules, name, module)


#: The page's ``document``, as far as the focus goes.
DOCUMENT = SimpleNamespace(activeElement=None)


class El:
    """An element (the DOM's method names): attributes, a place on the screen, what was done to it."""

    ownerDocument = DOCUMENT  # noqa: N815 - the DOM's name

    def __init__(self, id: str = "", at: tuple[float, float] = (0.0, 0.0), tabindex: int = 0, cls: str = "",
                 **attrs: str) -> None:
        self.id = id
        self.attrs = {k.replace("_", "-"): v for k, v in attrs.items()} | ({"class": cls} if cls else {})
        self.left, self.top = at
        self.tabIndex = tabindex
        self.children: list[El] = []
        self.parentElement: El | None = None
        self.tagName = "DIV"
        self.focused = 0
        self.animations: list[tuple[Any, Any]] = []

    def closest(self, selector: str) -> El | None:
        el: El | None = self
        while el is not None and not _matches(el, selector):
            el = el.parentElement
        return el

    def holding(self, *children: El) -> El:
        """This element with ``children`` inside (a seat and its cards)."""
        self.children = list(children)
        for child in children:
            child.parentElement = self
        return self

    def getAttribute(self, name: str) -> Any:
        return self.attrs.get(name, JSNULL)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def getClientRects(self) -> SimpleNamespace:
        return SimpleNamespace(length=0 if self.attrs.get("hidden") else 1)

    def getBoundingClientRect(self) -> SimpleNamespace:
        return SimpleNamespace(left=self.left, top=self.top)

    def animate(self, frames: Any, timing: Any) -> None:
        self.animations.append((frames, timing))

    def focus(self, options: Any = None) -> None:
        self.focused += 1
        self.focus_options = options
        DOCUMENT.activeElement = self

    def isSameNode(self, other: Any) -> bool:
        return other is self

    def contains(self, other: Any) -> bool:
        return other is self or any(child.contains(other) for child in self.children)

    def querySelector(self, selector: str) -> Any:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def querySelectorAll(self, selector: str) -> list[El]:
        out = []
        for child in self.children:
            if _matches(child, selector):
                out.append(child)
            out += child.querySelectorAll(selector)
        return out


DOCUMENT.body = El(id="body")
DOCUMENT.documentElement = El(id="html")


def _matches(el: El, selector: str) -> bool:
    if selector.startswith("#"):
        return el.id == selector[1:]
    if selector == "[data-move]":
        return "data-move" in el.attrs
    if selector == "[data-seat]":
        return "data-seat" in el.attrs
    if selector == "[data-autofocus]":
        return "data-autofocus" in el.attrs
    if selector == "button.primary":
        return el.attrs.get("class") == "primary"
    if selector == '[role="dialog"][aria-modal="true"]':
        return el.attrs.get("role") == "dialog" and el.attrs.get("aria-modal") == "true"
    return focus._selector(el) == selector  # a selector remember() wrote


def tree(*children: El) -> El:
    return El(id="app").holding(*children)


# ------------------------------------------------------------ importing where there is no page

def test_the_modules_import_without_a_page_or_pyodide() -> None:
    """The snapshot worker imports every UI module with no ``document``: nothing of ``js`` at import."""
    code = ("import sys, pygames_ui.focus, pygames_ui.motion; "
            "assert not {'js', 'pyodide'} & set(sys.modules), sorted({'js', 'pyodide'} & set(sys.modules))")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT / "web")


# ------------------------------------------------------------ focus

def test_a_control_is_found_again_by_name_then_by_its_data_then_by_id() -> None:
    named = El(name="seat_name_0", data_action="x")
    card = El(data_card="7", data_action="select")  # FOCUS_KEYS order, whatever the markup's order
    prompt = El(id="prompt")
    plain = El()
    root = tree(named, card, prompt, plain)
    assert focus.remember(root, named).selector == '[name="seat_name_0"]'
    assert focus.remember(root, card).selector == '[data-action="select"][data-card="7"]'
    assert focus.remember(root, prompt) == focus.Kept("#prompt", None, True)
    assert focus.remember(root, plain) == focus.Kept(None, None, True)


def test_the_focus_outside_the_root_is_left_alone() -> None:
    outside = El(data_action="select")
    root = tree(El(id="prompt"))
    kept = focus.remember(root, outside)
    assert kept == focus.Kept(None, None, False)
    focus.restore(root, kept)
    assert root.querySelector("#prompt").focused == 0


def test_a_keyboard_player_whose_focus_is_nowhere_gets_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """A friend's table drawn as his host's message came: no control had the focus; with the
    keyboard in use the prompt takes it (a mouse player's page is not scrolled to it)."""
    root = tree(El(id="prompt"))
    monkeypatch.setattr(DOCUMENT, "activeElement", DOCUMENT.body)
    kept = focus.remember(root, DOCUMENT.body)
    focus.restore(root, kept)
    assert root.querySelector("#prompt").focused == 0  # a mouse
    monkeypatch.setattr(DOCUMENT.documentElement, "attrs", {"data-keyboard": "1"})
    focus.restore(root, kept)
    assert root.querySelector("#prompt").focused == 1  # the keyboard
    assert root.querySelector("#prompt").focus_options == {"preventScroll": True}  # (the page stays put)


def test_the_same_control_takes_the_focus_again_after_a_render() -> None:
    old = El(data_action="select", data_card="7")
    kept = focus.remember(tree(old), old)
    new = El(data_action="select", data_card="7")
    prompt = El(id="prompt", tabindex=-1)
    focus.restore(tree(prompt, new), kept)
    assert (new.focused, prompt.focused) == (1, 0)


def test_a_control_that_kept_the_focus_through_the_render_is_not_focused_again() -> None:
    """The page draws only what changed: the pressed control is the same element, still focused
    (focusing it again would only force a layout)."""
    button = El(data_action="select", data_card="7")
    button.focus()
    kept = focus.remember(tree(button), button)
    focus.restore(tree(button), kept)
    assert button.focused == 1


def test_an_open_dialog_takes_the_focus_on_its_main_button() -> None:
    old = El(data_action="select", data_card="7")
    kept = focus.remember(tree(old), old)
    dialog = El(role="dialog", aria_modal="true")
    other, main = El(data_action="menu"), El(data_action="next", cls="primary")
    dialog.children = [other, main]
    behind = El(data_action="select", data_card="7")  # still on the page, but behind the dialog
    focus.restore(tree(behind, dialog), kept)
    assert (main.focused, other.focused, behind.focused) == (1, 0, 0)


def test_the_pass_screen_takes_the_focus_on_its_heading_not_on_its_button() -> None:
    old = El(data_action="confirm-move")
    kept = focus.remember(tree(old), old)
    dialog = El(role="dialog", aria_modal="true")
    heading, show = El(id="pass-title", tabindex=-1, data_autofocus=""), El(data_action="show-hand", cls="primary")
    dialog.children = [heading, show]
    focus.restore(tree(dialog), kept)
    assert (heading.focused, show.focused) == (1, 0)  # a second Enter shows no hand


def test_a_control_disabled_by_the_render_gives_the_focus_to_the_prompt() -> None:
    old = El(data_action="push", data_line="row", data_index="1", data_from="left")
    kept = focus.remember(tree(old), old)
    pushed = El(data_action="push", data_line="row", data_index="1", data_from="left")
    pushed.disabled = True  # type: ignore[attr-defined]  # (Зоомагия's arrows after a push)
    prompt = El(id="prompt", tabindex=-1)
    focus.restore(tree(prompt, pushed), kept)
    assert (prompt.focused, pushed.focused) == (1, 0)


def test_when_the_control_is_gone_the_prompt_takes_the_focus_and_becomes_focusable() -> None:
    old = El(data_action="play", data_pile="2")
    kept = focus.remember(tree(old), old)
    prompt = El(id="prompt", tabindex=-1)
    focus.restore(tree(prompt), kept)
    assert prompt.focused == 1 and prompt.getAttribute("tabindex") == "-1"


def test_a_key_with_a_modifier_is_the_browsers() -> None:
    menu = El(cls="menu-toggle", aria_expanded="true")
    event = SimpleNamespace(key="Escape", defaultPrevented=False, altKey=False, ctrlKey=True, metaKey=False,
                            preventDefault=pytest.fail)
    focus.on_key(tree(menu), event, menu)


# ------------------------------------------------------------ motion

def test_places_leave_out_a_key_shown_twice() -> None:
    root = tree(El(at=(1, 2), data_move="a"), El(at=(3, 4), data_move="b"), El(at=(5, 6), data_move="b"), El())
    assert motion.places(root) == {"a": (1.0, 2.0, None, 0.0, 0.0)}


def test_what_moved_slides_from_its_old_place_and_what_stayed_does_not() -> None:
    before = motion.places(tree(El(at=(0, 0), data_move="card-7"), El(at=(50, 50), data_move="pile-1"),
                                El(at=(300, 400), data_move="hand-3")))
    moved = El(at=(100, 20), data_move="card-7")
    still = El(at=(50.5, 49.5), data_move="pile-1")  # under a pixel: no slide
    laid = El(at=(200, 100), data_move="pile-2", data_move_from="gone hand-3 card-7")  # the first key on the page
    new = El(at=(0, 0), data_move="pile-3")  # nothing to come from
    unsourced = El(at=(0, 0), data_move="pile-4", data_move_from="gone")
    root = tree(moved, still, laid, new, unsourced)
    assert motion.slide(root, before) == 2
    assert moved.animations == [([{"translate": "-100.0px -20.0px"}, {"translate": "0 0"}],
                                 {"duration": motion.MOVE_MS, "easing": motion.EASING, "id": "move"})]
    assert laid.animations[0][0][0] == {"translate": "100.0px 300.0px"}
    assert still.animations == new.animations == unsourced.animations == []


def test_what_stays_in_its_seat_moves_with_the_seat_and_slides_only_inside_it() -> None:
    """A seat that moved as a whole (the confirm bar gone, a banner gone) takes its cards with it at
    once; only a move inside it slides, and a card from another seat slides across the screen."""
    def seat(at: tuple[float, float], *cards: El) -> El:
        return El(at=at, data_seat="0").holding(*cards)

    before = motion.places(tree(seat((0, 300), El(at=(10, 310), data_move="kept"), El(at=(60, 310), data_move="hand-5")),
                                El(data_seat="1").holding(El(at=(10, 50), data_move="their-card"))))
    kept = El(at=(10, 437), data_move="kept")  # the seat went 127 px down: the card with it
    laid = El(at=(110, 437), data_move="pile-0", data_move_from="hand-5")  # from the hand onto a pile in the seat
    came = El(at=(160, 437), data_move="pile-1", data_move_from="their-card")  # from another seat
    root = tree(seat((0, 427), kept, laid, came))
    assert motion.slide(root, before) == 2
    assert kept.animations == []
    assert laid.animations[0][0][0] == {"translate": "-50.0px 0.0px"}  # (inside the seat only)
    assert came.animations[0][0][0] == {"translate": "-150.0px -387.0px"}  # (across the screen)


def test_reduced_motion_follows_the_media_query() -> None:
    asked: list[str] = []

    def media(query: str) -> SimpleNamespace:
        asked.append(query)
        return SimpleNamespace(matches=True)

    assert motion.reduced_motion(SimpleNamespace(matchMedia=media)) is True
    assert asked == ["(prefers-reduced-motion: reduce)"]


def test_of_two_controls_doing_the_same_the_focused_one_keeps_the_focus() -> None:
    """The game-over dialog's corner ✕ and its "See the table" button do the same: a redraw (a
    friend's news) moved the focus from the button to the ✕, found first by its action alone."""
    old = El(data_action="close-results", data_corner="0")
    kept = focus.remember(tree(old), old)
    corner, foot = El(data_action="close-results", data_corner="1"), El(data_action="close-results", data_corner="0")
    focus.restore(tree(corner, foot), kept)
    assert (corner.focused, foot.focused) == (0, 1)
