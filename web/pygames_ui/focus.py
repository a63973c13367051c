"""Keyboard focus on the page: kept across a re-render, moved by Tab, Escape and the arrows.

:mod:`pygames_ui.keys` decides where the focus goes (pure Python); this module reads the
page and moves it.  Every function takes the DOM objects it works on (the app's root
element, the focused element, a ``keydown`` event) and the Pyodide FFI is imported only
when a function runs: the snapshot worker imports this module where there is no
``document`` nor ``window``, and the unit tests import it on plain CPython.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import keys

#: The ``data-*`` attributes that, together, name "the same" control after a re-render.
FOCUS_KEYS = ("action", "card", "cards", "target", "pile", "seat", "game", "lang", "choice", "ask", "line", "index", "from", "what",
              "row", "corner")

#: Where a control stands among like controls (``keys.GROUPS``): (group, which container, index).
Place = tuple[int, int, int]


class Kept(NamedTuple):
    """What :func:`remember` noted of the keyboard focus before a render, for :func:`restore`."""

    selector: str | None  # finds the same control in the new markup
    place: Place | None  # where it stood among like controls, for when it is gone
    inside: bool  # the focus was inside the re-rendered root


def present(el: Any) -> bool:
    """Whether a DOM lookup found something: neither Python's ``None`` nor JavaScript's ``null``."""
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]  # the FFI exists only in Pyodide

    return el is not None and el is not jsnull


def remember(root: Any, active: Any) -> Kept:
    """Note where the focus is (``active``: ``document.activeElement``) before ``root`` is redrawn."""
    inside = bool(root.contains(active))
    if not inside:
        return Kept(None, None, False)
    return Kept(_selector(active), _group_place(root, active), True)


#: What a phone's keyboard opens for, once focused.
TEXT_BOX = "input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=range]), textarea"


def restore(root: Any, kept: Kept, clicked: bool = False, finger: bool = False) -> None:
    """Keyboard focus after a render: on the same control, else where a player would look next.

    ``clicked``: the render follows a press of the focused control; a choice that opens
    places to go (a card picked from the hand, :data:`keys.CHOSEN_THEN`) sends the focus
    on to the first of them. ``finger``: that press was a tap on a touch screen, after which
    the focus goes to no text box (a phone's keyboard would open over the form for a player
    added, most often a bot, whose name nobody means to type).
    """
    dialog = root.querySelector(keys.DIALOG)
    handed = root.querySelector(keys.HANDED_ON[kept.selector]) if kept.selector in keys.HANDED_ON else None
    if present(handed):
        _focus(handed)
        return
    if kept.selector:
        el = root.querySelector(kept.selector)
        # (a control that is now disabled cannot hold the focus: Зоомагия's arrows after a push)
        if present(el) and not getattr(el, "disabled", False) and (not present(dialog) or dialog.contains(el)):
            if clicked:
                for chosen, then in keys.CHOSEN_THEN:
                    nxt = _first(root, then) if el.matches(chosen) else None
                    if present(nxt) and not (finger and _typed_in(nxt)):
                        _focus(nxt)
                        return
            toggle = root.querySelector(".menu-toggle")
            # (a closed menu's item, a language chosen in it, cannot hold the focus: its toggle does)
            if present(el.closest("#topmenu")) and present(toggle) and not el.getClientRects().length:
                _focus(toggle)
                return
            _focus(el)
            return
    # A dialog that just opened (summary, pass screen, game over) takes the keyboard focus on its
    # main button, or its own first control (``data-autofocus``), and so does a new screen (the replay's slider).
    if present(dialog):  # (the pass screen's and game over's heading: a second Enter must not show the next hand, nor start over)
        first = dialog.querySelector("[data-autofocus]")
        if not present(first):
            first = dialog.querySelector("button.primary")
        if not present(first):
            first = dialog.querySelector("button")
        _focus(first if present(first) else dialog)
        return
    for gone, after in keys.GONE_THEN.items():  # (the control pressed went away: where its work goes on)
        gone_to = root.querySelector(after) if (kept.selector or "").startswith(gone) else None
        if present(gone_to):
            if not (finger and _typed_in(gone_to)):  # (a tap: no text box, nor a jump to the heading)
                _focus(gone_to)
            return
    auto = root.querySelector("[data-autofocus]")
    if present(auto):
        _focus(auto)
        return
    # The card just played left the hand: its neighbour takes its place. (Not the answer to a
    # question gone, data-ask: the next question's button at that place means something else.)
    if kept.place is not None and "[data-ask=" not in (kept.selector or ""):
        group, nth, index = kept.place
        containers = root.querySelectorAll(keys.GROUPS[group][0])
        if nth < containers.length:
            items = _shown_items(containers.item(nth), keys.GROUPS[group][1])
            to = keys.fallback(index, len(items))
            if to is not None:
                _focus(items[to])
                return
    prompt = root.querySelector("#prompt")
    # The control is gone (the move is made): the prompt says what next. For a keyboard player
    # whose focus was nowhere (a friend's table drawn as his host's message came), too.
    active = root.ownerDocument.activeElement
    nowhere = not present(active) or active.isSameNode(root.ownerDocument.body)
    keyboard = root.ownerDocument.documentElement.getAttribute("data-keyboard") == "1"
    if present(prompt) and (kept.inside or (keyboard and nowhere)):
        _focus(prompt, scroll=False)


def on_key(root: Any, event: Any, active: Any) -> None:
    """The page's one ``keydown`` listener: Tab kept inside a dialog, Escape, arrows between like controls.

    ``root`` is the app's element, ``active`` the focused element (``document.activeElement``).
    """
    if event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
        return
    key = str(event.key)
    if key == "Tab":
        _keep_tab(root, event, active)
    elif key == "Escape":
        _escape(root, event)
    elif key in keys.MOVE_KEYS:
        _arrow(root, event, key)
    elif key == "Enter":
        _enter(event, active)


def _enter(event: Any, active: Any) -> None:
    """Enter in a text box marked ``data-enter`` presses the nearest control of that action, as in
    a form: a player's name typed, Start; an answer pasted, Connect beside it."""
    if press_nearest(active):
        event.preventDefault()


def press_nearest(box: Any) -> bool:
    """Press the control nearest to the text box ``box`` whose action its ``data-enter`` names
    (the page also does so when a friend's answer is pasted into its box: nothing else to do)."""
    action = box.getAttribute("data-enter") if present(box) and str(getattr(box, "tagName", "")) == "INPUT" else None
    el: Any = box.parentElement if present(action) and action else None
    while present(el):
        target = el.querySelector(f'[data-action="{action}"]')
        if present(target):
            target.click()
            return True
        el = el.parentElement
    return False


def _selector(el: Any) -> str | None:
    """A selector that finds 'the same' control after a re-render, so keyboard focus survives."""
    if not present(el) or not hasattr(el, "getAttribute"):
        return None
    name = el.getAttribute("name")
    if present(name) and name:
        return f'[name="{name}"]'
    parts = []
    for key in FOCUS_KEYS:
        value = el.getAttribute(f"data-{key}")
        if present(value):
            parts.append(f'[data-{key}="{value}"]')
    if not parts and el.id:  # the prompt, a log panel: focused by the keyboard, found by id
        return f"#{el.id}"
    return "".join(parts) or None


def _typed_in(el: Any) -> bool:
    return bool(el.matches(TEXT_BOX))


def _focus(el: Any, scroll: bool = True) -> None:
    """Focus ``el``, making a text (the prompt) focusable from script first: it is never a Tab stop.

    A control that kept the focus through the render (the page draws only what changed) is
    left as it is: focusing it again would only make the browser lay the page out at once.
    ``scroll=False``: the page stays where it is (the prompt, read out wherever it is, after a
    move made far below it: the player sees where his card went)."""
    if int(el.tabIndex) < 0 and not el.hasAttribute("tabindex"):
        el.setAttribute("tabindex", "-1")
    if not el.isSameNode(el.ownerDocument.activeElement):
        if scroll:
            el.focus()
        else:
            from js import Object  # type: ignore[import-not-found]  # the FFI exists only in Pyodide
            from pyodide.ffi import to_js

            el.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))


def _shown_items(container: Any, selector: str) -> list[Any]:
    """The enabled, displayed elements of ``container`` matching ``selector``, in document order."""
    return [el for el in container.querySelectorAll(selector)
            if not getattr(el, "disabled", False) and el.getClientRects().length]


def _index_of(items: list[Any], el: Any) -> int | None:
    """Where ``el`` is in ``items`` (the same DOM node, not an equal one), or ``None``."""
    return next((i for i, item in enumerate(items) if item.isSameNode(el)), None)


def _group_place(root: Any, el: Any) -> Place | None:
    """Where ``el`` stands among like controls (``keys.GROUPS``): (group, which container, index)."""
    found = _group_of(root, el)
    if found is None:
        return None
    group, container, items = found
    index = _index_of(items, el)
    containers = list(root.querySelectorAll(keys.GROUPS[group][0]))
    nth = _index_of(containers, container)
    return None if index is None or nth is None else (group, nth, index)


def _group_of(root: Any, el: Any) -> tuple[int, Any, list[Any]] | None:
    """The group of like controls that ``el`` belongs to: (index in ``keys.GROUPS``, container, items)."""
    if not present(el) or not hasattr(el, "closest"):
        return None
    container = el.closest(keys.GROUP_SELECTOR)
    if not present(container) or not root.contains(container):
        return None
    for group, (where, what) in enumerate(keys.GROUPS):
        if container.matches(where) and el.matches(what):
            return group, container, _shown_items(container, what)
    return None


def _keep_tab(root: Any, event: Any, active: Any) -> None:
    """Tab inside an open modal dialog wraps around its controls instead of leaving it."""
    dialog = root.querySelector(keys.DIALOG)
    if not present(dialog):
        return
    # (a control folded inside a closed <details> still has a box, yet Tab passes it by)
    items = [el for el in _shown_items(dialog, keys.FOCUSABLE)
             if not present(el.closest("details:not([open])")) or el.matches("details:not([open]) > summary")]
    to = keys.trap(not event.shiftKey, _index_of(items, active), len(items))
    if to is not None:
        event.preventDefault()
        items[to].focus()


def _escape(root: Any, event: Any) -> None:
    """Escape presses the topmost shown control of ``keys.ESCAPES`` and focuses where it says."""
    for press, then in keys.ESCAPES:
        el = root.querySelector(press)
        if present(el) and el.getClientRects().length:
            event.preventDefault()
            if then.startswith(keys.BEFORE):  # (the control found now, found again once drawn anew)
                then = _selector(root.querySelector(then.removeprefix(keys.BEFORE))) or "#prompt"
            el.click()  # as a click: the app acts and the page is drawn again
            after = root.querySelector(then) if then else None
            if present(after):
                _focus(after)
            return


def _first(root: Any, selectors: tuple[str, ...]) -> Any:
    """The first element found by the first of ``selectors`` that finds one (else ``None``)."""
    for selector in selectors:
        el = root.querySelector(selector)
        if present(el):
            return el
    return None


def _arrow(root: Any, event: Any, key: str) -> None:
    """An arrow, Home or End on a control of a group moves the focus to the item ``keys.step`` picks."""
    found = _group_of(root, event.target)
    if found is None:
        return
    group, _, items = found
    index = _index_of(items, event.target)
    if index is None:
        return
    rects = [keys.Rect(float(r.left), float(r.top), float(r.width), float(r.height))
             for r in (el.getBoundingClientRect() for el in items)]
    if keys.at_edge(key, rects, index):  # off the group's edge: on to where the move goes on, if anywhere
        for source, arrow, target in keys.CROSSINGS:
            if arrow != key or not event.target.matches(source):
                continue
            there = _first(root, target)
            if present(there):
                event.preventDefault()
                there.focus()
                return
    to = keys.step(key, rects, index, keys.GROUPS[group][0] in keys.LISTS)
    if to is not None:
        event.preventDefault()
        items[to].focus()
