"""Keyboard play: where the arrow keys move the focus, what Escape closes, how a dialog keeps Tab.

Pure Python, no DOM: ``main.py`` has one delegated ``keydown`` listener, and
:func:`pygames_ui.focus.on_key` reads the page for it (which group the focused control is
in, where its neighbours stand) and asks these functions what to do.  Every control is a
real ``<button>``, so Tab, Enter and Space work without help; this adds the arrows where
a row or a grid of like things makes them natural, and Escape.
"""

from __future__ import annotations

from typing import NamedTuple

#: Groups of like controls the arrow keys move between: (container selector, item selector).
#: The first container that holds the focused item wins; an item must match its selector.
GROUPS: tuple[tuple[str, str], ...] = (
    (".hand", "button.hand-card"),                 # Клац!: the cards of your hand
    (".klats-table .seats", "button.pile"),        # Клац!: the piles you may lay the chosen card on
    (".zm-field", "button"),                       # Зоомагия: the arrows around the field, the cells to fill
    (".zm-hand", "button"),                        # Зоомагия: cards to place or to discard
    (".zm-opts", "button"),                        # Зоомагия: what to take, what to bank
    (".rz-choices", "button"),                     # RPS-ZOMBIE: the decisions of the moment
    (".replay-controls", "button"),                # the replay's step buttons (the slider has its own arrows)
    (".langs", "button"),                          # the language switch
    (".nav", "button"),                            # the top bar's buttons
)
#: Keys that show a keyboard user is here: the first one shows the one-line key guide.
GUIDE_KEYS = frozenset({"Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"})
#: Клац!'s places for the chosen card: the lit one first, then the player's own row (where a card is usually
#: played: the rows of the others come first on the page, and Enter, Enter must not give a
#: card away), then anyone's.
KLATS_PLACES = (".klats-table button.legal[data-taught]",  # (a tutorial's lit place, when it lights one)
                ".klats-table button.legal.hint-lit",  # (the hint's place: Enter, Enter plays the hint)
                ".klats-table .seat.me button.legal", ".klats-table .seats button.legal")
#: A choice that opens places to go, and where the focus goes after it: (the chosen control,
#: pressed; the places it may go, the first found of these selectors).  Клац!: a card picked
#: from the hand, then its piles.
CHOSEN_THEN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ('.hand button.hand-card[aria-pressed="true"]', KLATS_PLACES),
    # The new-game form: a player added, then his name to type.
    ('[data-action="add-seat"]', ('.seat-row:last-child input[name^="seat_name_"]',)),
)
#: Arrows that leave a group at its edge for the group the move goes on in: (from, key, to:
#: the first found of these selectors).  Клац!: up from the hand to the places for the chosen
#: card, down from the places back to it.
CROSSINGS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (".hand button.hand-card", "ArrowUp", KLATS_PLACES),
    (".klats-table .seats button.legal", "ArrowDown", ('.hand button.hand-card[aria-pressed="true"]',)),
)
#: Any of the containers, for ``Element.closest``.
GROUP_SELECTOR = ", ".join(container for container, _ in GROUPS)

#: Arrow keys as unit steps on the screen (x right, y down).
ARROWS: dict[str, tuple[int, int]] = {
    "ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1),
}
#: Every key :func:`step` answers.
MOVE_KEYS = frozenset(ARROWS) | {"Home", "End"}

#: A dialog that holds the keyboard while it is open (summary, pass screen, game over).
DIALOG = '[role="dialog"][aria-modal="true"]'
#: What Tab stops at inside a dialog.
FOCUSABLE = 'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'  # (not an SVG <use href>)
#: How many announcements the live region keeps (older ones are removed; a screen reader has said them).
LIVE_LINES = 3

#: A control that goes away when pressed, and where the focus goes then: (the start of its
#: selector as ``focus`` keeps it, where to).  The game-over summary put away: the top bar's way
#: back to it; Зоомагия's last card placed in the row to refill (or the last cell left empty):
#: "Done", which is enabled once every card is placed (before, the next card to place).
GONE_THEN: dict[str, str] = {
    '[data-action="close-results"]': '[data-action="show-results"]',
    # Зоомагия's animal taken: its row to refill, the first card to put in (not a cell of the field).
    '[data-action="take"][data-what="animal"]': '#to-place [data-action="zm-place"]',
    '[data-action="zm-place"]': '#decide [data-action="refill"]:enabled',
    '[data-action="zm-empty"]': '#decide [data-action="refill"]:enabled',
    # The new-game form at its most players (no "Add a player" now), and at its fewest (no ✕).
    '[data-action="add-seat"]': '.seat-row:last-child input[name^="seat_name_"]',
    '[data-action="remove-seat"]': '[data-action="add-seat"]:enabled',
}
#: A heading that holds the focus while its screen waits, and the control it hands it to once
#: that may be pressed: the lobby's, to "Start" when every friend is here.
HANDED_ON: dict[str, str] = {"#lobby-title": '[data-action="p2p-start"][data-autofocus]:enabled'}

#: What Escape presses, topmost first: (the control to press, where the focus goes after; ""
#: where the render keeps it; :data:`BEFORE` and a selector: the control that selector found
#: before the press, drawn anew). A move waiting for its second tap is taken back (the focus
#: back on the control that made it, to choose again), then a card picked from the hand is put
#: back (the focus on that card, not left on a place that is no more).
BEFORE = "before:"
ESCAPES: tuple[tuple[str, str], ...] = (
    ('.menu-toggle[aria-expanded="true"]', ".menu-toggle"),
    ('#game-over [data-action="close-results"]', '[data-action="show-results"]'),
    ('#interlude [data-action="dismiss"]', ""),  # a summary read (Клац!'s round, RPS's throw): play on
    ('#coach-end [data-action="tutorial-leave"]', ""),  # a guided game's end: leave it
    ('.confirm-bar [data-action="cancel-move"]', BEFORE + '[data-pending="1"]'),
    ('[data-action="select"][aria-pressed="true"]', BEFORE + '[data-action="select"][aria-pressed="true"]'),
)


class Rect(NamedTuple):
    """An item's box on the screen, in CSS pixels."""

    left: float
    top: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.top + self.height / 2


#: Groups of answers to one question: in one row (or one column), the arrows across it walk it
#: too (RPS's answers side by side: Down did nothing, though the key guide says "arrows").
LISTS = frozenset({".rz-choices", ".zm-opts"})


def step(key: str, rects: list[Rect], current: int, as_list: bool = False) -> int | None:
    """The index of the item the focus moves to when ``key`` is pressed on item ``current``.

    Home and End go to the first and last item.  An arrow goes to the nearest item whose
    centre lies that way: first among those level with it (Right stays on the row), nearness
    weighing a sideways offset twice; with none that way, it wraps to the far end of the same
    row or column (a hand of cards is a ring); ``as_list`` (:data:`LISTS`), in a group that is one
    row (or one column), the arrows across it walk it too.  ``None``: the key is not ours, or the
    focus stays.
    """
    if not rects:
        return None
    if not 0 <= current < len(rects):
        raise ValueError(f"current item {current} is not one of the {len(rects)} items")
    if key == "Home":
        return 0 if current != 0 else None
    if key == "End":
        return len(rects) - 1 if current != len(rects) - 1 else None
    if key not in ARROWS:
        return None
    dx, dy = ARROWS[key]
    here = rects[current]
    cx, cy = here.centre
    best: tuple[bool, float, int] | None = None
    for i, rect in enumerate(rects):
        if i == current:
            continue
        x, y = rect.centre
        ahead = (x - cx) * dx + (y - cy) * dy  # distance the arrow's way
        side = abs((x - cx) * dy) + abs((y - cy) * dx)  # distance across it
        if ahead > 1:
            # An item level with this one (on its row, for Left and Right) comes before any other.
            rank = (not _level(here, rect, dx), ahead + 2 * side, i)
            if best is None or rank < best:
                best = rank
    if best is not None:
        return best[2]
    wrapped = _wrap(dx, dy, rects, current)
    if as_list and wrapped is None and len(rects) > 1 and all(
            abs(r.centre[1] - cy) < here.height / 2 if dy else abs(r.centre[0] - cx) < here.width / 2 for r in rects):
        # (Down and Right to the next, Up and Left to the one before)
        return (current + dx + dy) % len(rects)
    return wrapped


def at_edge(key: str, rects: list[Rect], current: int) -> bool:
    """Whether no item lies the arrow's way from item ``current`` (the arrow would wrap)."""
    if key not in ARROWS or not 0 <= current < len(rects):
        return False
    dx, dy = ARROWS[key]
    cx, cy = rects[current].centre
    return not any((r.centre[0] - cx) * dx + (r.centre[1] - cy) * dy > 1 for i, r in enumerate(rects) if i != current)


def _level(a: Rect, b: Rect, dx: int) -> bool:
    """Whether ``b`` overlaps ``a`` across the direction of travel (the same row when ``dx``)."""
    if dx:
        return a.top < b.top + b.height and b.top < a.top + a.height
    return a.left < b.left + b.width and b.left < a.left + a.width


def _wrap(dx: int, dy: int, rects: list[Rect], current: int) -> int | None:
    """The item farthest the other way on the current item's row (or column), if any."""
    here = rects[current]
    cx, cy = here.centre
    far: tuple[float, int] | None = None
    for i, rect in enumerate(rects):
        if i == current:
            continue
        x, y = rect.centre
        same_line = abs(y - cy) < here.height / 2 if dx else abs(x - cx) < here.width / 2
        behind = -((x - cx) * dx + (y - cy) * dy)
        if same_line and behind > 1 and (far is None or behind > far[0]):
            far = (behind, i)
    return far[1] if far is not None else None


def trap(forward: bool, index: int | None, count: int) -> int | None:
    """Tab inside a modal dialog with ``count`` focusable controls, the focus on control
    ``index`` (``None``: outside the dialog): the control to focus instead, or ``None`` to
    let the browser move on inside the dialog."""
    if count <= 0:
        return None
    if index is None:
        return 0 if forward else count - 1
    if forward and index >= count - 1:
        return 0
    if not forward and index <= 0:
        return count - 1
    return None


def fallback(index: int, count: int) -> int | None:
    """After a re-render took the focused item away (a card played from a hand), the item
    of the same group to focus: the one now in its place, or the new last one."""
    if count <= 0:
        return None
    return min(max(index, 0), count - 1)


#: The replay viewer's keys: a step back or forward through the recorded game.
REPLAY_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward"}


def replay_step(key: str, screen: str, focused_tag: str) -> str | None:
    """``"back"``/``"forward"`` when ``key`` steps the replay on ``screen``, else ``None``.

    Wherever focus is, except in a form control (the replay's own slider moves with the
    arrows by itself, and a text field needs them for its cursor).
    """
    if screen != "replay" or focused_tag.upper() in ("INPUT", "SELECT", "TEXTAREA"):
        return None
    return REPLAY_KEYS.get(key)
