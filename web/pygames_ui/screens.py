"""The app's screens as HTML: the top bar, home, the new-game form, the rules, the table.

Each function renders one screen from what it is given (the translator, a frame, the
form): the app decides which screen shows and hands over what it needs; the game's own
table draws the board. Nothing here reads the app.
"""

from __future__ import annotations

from pygames_core import games
from pygames_core.base import Action

from . import history, tutorial
from .art import credits_html
from .dom import attrs, button, esc
from .form import NewGameForm
from .i18n import LANGS, I18n
from .levels_ui import levels_about, seat_kind_options
from .session import CONFIRM_CHOICES, MAX_NAME, Session
from .tables import TABLES, Ctx, Table
from .tables.winners import who_won
from .tutorial_ui import learn_button, of_game

# Drawn, not typed: no glyph may depend on a font the player may not have.
ICON_MENU = ('<svg class="ico" viewBox="0 0 20 20" aria-hidden="true" focusable="false">'
             '<path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>')
ICON_CLOSE = ('<svg class="ico" viewBox="0 0 20 20" aria-hidden="true" focusable="false">'
              '<path d="M5 5l10 10M15 5L5 15" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>')


def history_tools(t: I18n, over: bool, check: history.UndoCheck | None, results_closed: bool,
                  shared: tuple[str, bool] | None) -> str:
    """Under the table: Undo (or why not) while in play; replay and sharing once over."""
    if not over:
        return history.undo_tools(t, check) if check is not None else ""
    if not results_closed:
        return ""  # the game-over dialog has these buttons
    return (f'<div class="game-tools row" id="game-tools">{history.share_buttons(t, replay=True)}</div>'
            f'{history.share_box(t, shared)}')


def topbar(t: I18n, screen: str, session: Session | None, menu_open: bool, results_closed: bool,
           guest_of: str | None = None) -> str:
    """The top bar; ``guest_of``: the game at a friend's table this device plays as his guest."""
    langs = "".join(
        # The name holds the visible "EN" (WCAG 2.5.3), then the language's own name, spoken in it.
        button(f'{esc(lang.upper())}<span class="sr" lang="{lang}"> {esc(t(f"lang.{lang}"))}</span>',
               "lang", "lang" + (" on" if lang == t.lang else ""), pressed=lang == t.lang, lang=lang)
        for lang in LANGS
    )
    nav = ""
    if screen != "home":
        nav = button(esc(t("nav.home")), "home", "nav")
    title = results = ""
    s = session
    if guest_of is not None:
        title = f'<span class="game-title">{esc(games.get(guest_of).title[t.lang])}</span>'
        nav += button(esc(t("nav.rules")), "rules", "nav", game=guest_of)
        if results_closed:  # (his summary put away: the final table, and the way back to it)
            results = button(esc(t("table.show_results")), "show-results", "primary results")
    if screen == "table" and s is not None:
        title = f'<span class="game-title">{esc(s.game.title[t.lang])}</span>'
        nav += button(esc(t("nav.rules")), "rules", "nav", game=s.game.name)
        nav += button(esc(t("nav.new_game")), "setup", "nav", game=s.game.name)
        if results_closed and s.game.is_over(s.state):
            results = button(esc(t("table.show_results")), "show-results", "primary results")
    nav = f'<nav class="nav">{nav}</nav>' if nav else ""  # (no empty landmark on the home screen)
    # On a phone the buttons fold into a menu (CSS); the toggle is a real button, so keyboards work.
    toggle = (f'<button type="button"{attrs(class_="menu-toggle", data_action="menu", aria_expanded=str(menu_open).lower(), aria_controls="topmenu")}>'
              f'{ICON_MENU}<span class="menu-label">{esc(t("nav.menu"))}</span></button>')
    return (f'<header class="topbar"><span class="brand">{esc(t("app.title"))}</span>{title}{results}{toggle}'
            f'<div class="topmenu" id="topmenu" data-open="{str(menu_open).lower()}">{nav}'
            f'<span class="langs" role="group" aria-label="{esc(t("lang.label"))}">{langs}</span></div></header>')


def home(t: I18n, session: Session | None, waiting: str | None = None, host: str | None = None,
         left: tuple[str, str | None] | None = None) -> str:
    """The home screen: each game, and "Continue" for the game at the table (``waiting``: the
    name of the other kept game, a game in progress or a guided one, offered too; ``host``: the
    words of the way back to a host's table, on a friend's device linked to it; ``left``: how to
    come back to one it is no longer linked to, its game unfinished, and the address that goes
    back to it by itself, if there is one)."""
    cards = []
    for name in games.names():
        if name not in TABLES:
            continue
        game = games.get(name)
        cards.append(
            f'<article class="game-card" data-game="{name}"><h2>{esc(game.title[t.lang])}</h2>'
            f'<p>{esc(t(f"home.about.{name}"))}</p>'
            f'<p class="players">{esc(t("home.players", lo=game.min_players, hi=game.max_players))}</p>'
            # (each button named with its game: a screen reader's list of buttons has three of each)
            f'<div class="row">{button(esc(t("home.new_game")), "setup", "primary", aria_label=of_game(t, "home.new_game", name), game=name)}'
            f'{button(esc(t("nav.rules")), "rules", "", aria_label=of_game(t, "nav.rules", name), game=name)}{learn_button(t, name)}</div></article>'
        )
    resume = button(esc(host), "to-host", "primary") if host else ""
    kept = [] if session is None or session.game.is_over(session.state) else [
        (session.game.name, tutorial.UI_KEY in session.ui, "resume")]
    if waiting is not None:  # the other slot: a guided game when the one at the table is not (none: the save)
        kept.append((waiting, session is not None and tutorial.UI_KEY not in session.ui, "resume-saved"))
    for name, guided, action in kept:
        key = "home.resume_guide" if guided else "home.resume"
        resume += button(esc(t(key, game=games.get(name).title[t.lang])), action, "" if resume else "primary")
    resume = f'<div class="resume row">{resume}</div>' if resume else ""
    if left:
        words, back = left
        back_link = f'<a class="button primary" href="{esc(back)}">{esc(t("devices.back_to_table"))}</a>' if back else ""
        resume = (f'<div class="notice table-left" role="status"><p>{esc(words)}</p><div class="row">{back_link}'
                  f'{button(esc(t("common.ok")), "forget-table")}</div></div>') + resume
    return (f'<main class="home"><h1 tabindex="-1" data-autofocus>{esc(t("home.title"))}</h1>{resume}<div class="games">{"".join(cards)}</div>'
            f'{history.import_box(t)}{credits_html(t)}</main>')


def unfinished(session: Session | None) -> bool:
    """``session`` is a game under way that the new-game form may lead back to (not a lesson)."""
    return session is not None and not session.game.is_over(session.state) and tutorial.UI_KEY not in session.ui


def replaced(t: I18n, session: Session | None) -> str:
    """"Starting ends your unfinished game of …" beside the Start button (nothing if there is none,
    or no move of it was made: nothing is lost), which it describes to a screen reader."""
    if session is None or not unfinished(session) or not session.record["actions"]:
        return ""
    title = session.game.title[t.lang]
    return f'<p class="replaces" id="start-ends">{esc(t.plural("setup.replaces", len(session.record["actions"]), game=title))}</p>'


def setup_form(t: I18n, form: NewGameForm, table: Table, replaces: Session | None = None, lets_go: str = "") -> str:
    """The new-game form; ``replaces``: the unfinished game that starting this one ends (said
    beside the Start button, with a way back to it); ``lets_go``: whom else it ends (friends on
    other devices connected to a game of another title), in words."""
    game = games.get(form.game)
    rows = []
    n = len(form.seats)
    for i, seat in enumerate(form.seats):
        kinds = seat_kind_options(t, seat.kind)
        remove = button("✕", "remove-seat", "icon", aria_label=t("setup.remove", n=i + 1), seat=i,
                        disabled=n <= game.min_players)
        rows.append(
            f'<li class="seat-row"><span class="seat-no">{i + 1}</span>'
            f'<input{attrs(name=f"seat_name_{i}", value=seat.name, maxlength=MAX_NAME, aria_label=t("setup.name_of", n=i + 1), autocomplete="off", data_enter="start")}>'
            f'<select{attrs(name=f"seat_kind_{i}", aria_label=t("setup.kind_of", n=i + 1), data_change="seat-kind")}>{kinds}</select>{remove}</li>'
        )
    add = button(esc(t("setup.add")), "add-seat", "", disabled=n >= game.max_players)
    options = table.options_form(t, form.options, [s.name for s in form.seats])
    goes = f'<p class="replaces" id="start-lets-go">{esc(lets_go)}</p>' if lets_go else ""
    ends = replaced(t, replaces)
    said = " ".join(i for i, there in (("start-ends", ends), ("start-lets-go", goes)) if there) or None
    back = ""
    if unfinished(replaces):  # (the browser's Back from the table led here, or the menu: the way back is first)
        back = f'<p class="row">{button(esc(t("rules.back_to_game")), "resume", "primary")}</p>'
    start = (f'<button type="button"{attrs(class_="primary big", data_action="start", aria_describedby=said)}>'
             f'{esc(t("setup.start"))}</button>')
    return (
        f'<main class="setup"><h1 tabindex="-1" data-autofocus>{esc(t("setup.title", game=game.title[t.lang]))}</h1>{back}'
        f'<h2>{esc(t("setup.players", lo=game.min_players, hi=game.max_players))}</h2>'
        f'<ol class="seat-rows">{"".join(rows)}</ol><div class="row">{add}</div>{levels_about(t)}'
        f'<div class="options">{options}{confirm_field(t, form.confirm)}</div>'
        f'<div class="start-bar">{ends}{goes}<div class="row start-row">{start}</div></div></main>'
    )


def confirm_field(t: I18n, current: str) -> str:
    """The "confirm moves" choice of the new-game form (input ``confirm_moves``)."""
    choices = "".join(f'<option{attrs(value=c, selected=c == current)}>{esc(t(f"setup.confirm.{c}"))}</option>'
                      for c in CONFIRM_CHOICES)
    return f'<label class="field">{esc(t("setup.confirm"))} <select name="confirm_moves">{choices}</select></label>'


def rules_page(t: I18n, game_name: str, from_game: bool = False) -> str:
    """A game's rules; ``from_game``: opened from the table, whose way back is at the top too (on
    a phone the foot of the rules is many screens down)."""
    game = games.get(game_name)
    paragraphs = t.raw(f"rules.{game_name}")
    parts, headings = [], []
    for para in paragraphs if isinstance(paragraphs, list) else []:
        if para.startswith("## "):
            headings.append(para[3:])
            parts.append(f'<h2 id="rules-{len(headings)}" tabindex="-1">{esc(para[3:])}</h2>')
        elif para.startswith("- "):
            parts.append(f"<li>{esc(para[2:])}</li>")
        else:
            parts.append(f"<p>{esc(para)}</p>")
    learn = learn_button(t, game_name)
    if from_game:  # (not "learn by playing instead": the game is under way)
        back = button(esc(t("rules.back_to_game")), "back", "primary")
        first, learn = f'<p class="row">{back}</p>', ""
    else:
        back = button(esc(t("common.back")), "back", "primary")
        first = f'<p class="learn-first">{esc(t("tutorial.rather"))} {learn}</p>' if learn else ""
    # A long page's parts, each a tap away (its heading scrolled to the top and focused: the page's
    # own "jump", as the address's fragment names the screen, not a place on it)
    contents = ""
    if len(headings) >= 3:
        jumps = "".join(f'<li>{button(esc(h), "jump", "", to=f"rules-{i}")}</li>' for i, h in enumerate(headings, 1))
        contents = f'<nav class="rules-contents" aria-label="{esc(t("rules.contents"))}"><ul>{jumps}</ul></nav>'
    return (f'<main class="rules"><h1 tabindex="-1" data-autofocus>{esc(t("rules.title", game=game.title[t.lang]))}</h1>'
            f'{first}{contents}{wrap_lists("".join(parts))}'
            f'<div class="row">{back}{learn}</div></main>')


def confirm_ask(ctx: Ctx, table: Table, pending: Action, spoken: bool = False) -> str:
    """What the move waiting for its second tap is, and how to play it or take it back (safe HTML):
    on a touch screen, with no word of Enter; ``spoken``, the words for the keyboard alone."""
    t = ctx.t
    words = table.action_words(pending, ctx)
    ask = t("confirm.ask_move", move=words) if words else esc(t("confirm.ask"))
    if spoken:
        return f'{ask} {esc(t("confirm.how"))}'
    return (f'{ask} <span class="on-hover">{esc(t("confirm.how"))}</span>'
            f'<span class="on-touch">{esc(t("confirm.how.touch"))}</span>')


def confirm_bar(ctx: Ctx, table: Table, pending: Action) -> str:
    """The move waiting for its second tap: what it is, "Play it" and "Take back". (A screen reader
    hears it from the live region: announce.say; a region made with its words in it may go unsaid.)"""
    t = ctx.t
    return (f'<div class="confirm-bar" id="confirm-bar"><p>{confirm_ask(ctx, table, pending)}</p>'
            f'<div class="row">{button(esc(t("confirm.play")), "confirm-move", "primary")}'
            f'{button(esc(t("confirm.back")), "cancel-move", "")}</div></div>')


def table_screen(ctx: Ctx, table: Table, side: str, results_closed: bool, shared: tuple[str, bool] | None,
                 bar: str = "", own_game: bool = True, notes: str = "", over_note: str = "devices.again_wait") -> str:
    """The game at the table for one viewer (``ctx``), with ``side`` (hint, undo, log) beside
    the board and, over it, the game-over dialog, a summary or the pass screen; ``notes`` (safe
    HTML) above the board: who is away, in a game with friends; ``over_note``: what a friend's
    device says at the end of his host's game (the key: a new game may come, or the link is lost)."""
    frame, t = ctx.frame, ctx.t
    game = frame.game
    board = table.render(ctx)
    overlay = ""
    inter = table.interlude(ctx)
    passing = frame.pass_to
    if frame.over:
        # (the corner's ✕ and the button at the foot do the same: data-corner tells them apart, so
        # that a redraw leaves the focus on the one it was on)
        close = button(ICON_CLOSE, "close-results", "icon close", aria_label=t("table.close_results"), corner=1)
        # (its heading takes the focus, as the pass screen's does: the Enter that made the last move,
        # pressed twice, must not be "Play again", which starts over at once)
        if not own_game:  # a friend's game seen from his guest's device: its record and next game are the host's
            overlay = "" if results_closed else (
                f'<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="game-over-title" id="game-over">'
                f'<div class="panel">{close}<h2 class="winner" id="game-over-title" tabindex="-1" data-autofocus>{who_won(ctx, frame.winners, table.result_key(ctx))}</h2>'
                f'<p class="over-note">{esc(t(over_note))}</p>{table.game_over(ctx)}'
                f'<div class="row actions">{button(esc(t("table.close_results")), "close-results", "primary", corner=0)}'
                f'{button(esc(t("nav.home")), "home", "")}</div></div></div>')
        elif results_closed:
            overlay = ""
        else:
            overlay = (
                f'<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="game-over-title" id="game-over">'
                f'<div class="panel">{close}<h2 class="winner" id="game-over-title" tabindex="-1" data-autofocus>{who_won(ctx, frame.winners, table.result_key(ctx))}</h2>'
                f'{table.game_over(ctx)}'
                f'<div class="row">{history.share_buttons(t, replay=False)}</div>{history.share_box(t, shared)}'
                # (at the foot, always in view however long the summary: the replay is one of them)
                f'<div class="row actions">{button(esc(t("table.play_again")), "again", "primary")}'
                f'{button(esc(t("nav.new_game")), "setup", "", game=game.name)}'
                f'{button(esc(t("history.replay")), "replay", "")}'
                f'{button(esc(t("table.close_results")), "close-results", "", corner=0)}</div></div></div>')
    elif inter is not None:
        # A dialog is named by its heading: every interlude starts with one (a round's title, the throw).
        named = ' aria-labelledby="interlude-title"' if "<h2" in inter else f' aria-label="{esc(t("table.interlude"))}"'
        inter = inter.replace("<h2", '<h2 id="interlude-title"', 1)
        overlay = f'<div class="overlay" role="dialog" aria-modal="true"{named} id="interlude"><div class="panel">{inter}</div></div>'
    elif passing is not None:
        overlay = (f'<div class="overlay pass" role="dialog" aria-modal="true" aria-labelledby="pass-title" id="pass-screen">'
                   f'<div class="panel"><h2 id="pass-title" tabindex="-1" data-autofocus>{t("table.pass_to", name=ctx.name(passing))}</h2>'
                   f'<p>{esc(t("table.pass_hint"))}</p>'
                   f'{button(t("table.show_hand", name=ctx.name(passing)), "show-hand", "primary big")}'
                   # (a way out that shows no hand: the top bar is under this screen)
                   f'<p class="row pass-out">{button(esc(t("nav.home")), "home", "")}</p></div></div>')
    turn = frame.turn_banner
    banner = (f'<p class="turn-banner" id="turn-banner" data-seat="{turn}">{ctx.say("table.turn_of", by=turn, name=ctx.name(turn))}</p>'
              if turn is not None else "")
    # For keyboard players, shown by CSS once a key moved the focus (html[data-keyboard]): what
    # the arrows move among at this game's table.
    guide = f'<p class="key-guide" id="key-guide">{esc(t(f"keys.guide.{game.name}"))}</p>'
    banner += guide + notes
    # The banner sits inside <main> (spanning the grid) so that every piece of content is in a landmark.
    return (f'<main class="table-screen" data-game="{game.name}"><h1 class="sr">{esc(game.title[t.lang])}</h1>{banner}{board}<div class="table-side">{side}</div>{bar}</main>{overlay}')


def wrap_lists(body: str) -> str:
    out, in_list = [], False
    for piece in body.replace("<li>", "\x00<li>").replace("</li>", "</li>\x00").split("\x00"):
        if piece.startswith("<li>"):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(piece)
        elif piece:
            if in_list:
                out.append("</ul>")
                in_list = False
            out.append(piece)
    if in_list:
        out.append("</ul>")
    return "".join(out)
