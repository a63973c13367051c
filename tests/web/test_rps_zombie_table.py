"""The Камень, ножницы, бумага и … ЗОМБИ!!! table on plain CPython: whole games through the app by its buttons."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_core import games
from pygames_ui.app import App
from pygames_ui.dom import esc
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import save
from pygames_ui.session import MemoryStorage, Seat, Session
from pygames_ui.tables import TABLES, Ctx
from pygames_ui.tables.rps_zombie import RpsZombieTable, alike_groups, choice_key
from pygames_ui.tables.rps_zombie_log import DECISIONS

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
CATALOGUES = merge_catalogues(I18N)
GAME = "rps_zombie"
#: Every log event of the engine (pygames_core/rps_zombie/game.py).
EVENTS = {
    "setup", "choose_trophy", "round_start", "reveal", "defend", "bite", "drop_trophy", "out", "brain_taken",
    "contest", "block", "dump", "pass", "trophy_won", "trophy_discarded", "no_winner", "redraw", "game_end",
}
CHOICE = re.compile(r'<button type="button" class="rz-choice[^"]*" data-action="decide" data-choice="([^"]+)"')
#: A catalogue key that reached the page untranslated.
LEAKED_KEY = re.compile(r"\b(?:log\.)?rz\.[a-z_]+(?:\.[a-z_0-9]+)*")


def app(storage: MemoryStorage | None = None, lang: str = "en") -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage())
    a.boot()
    return a


def seat_game(a: App, seats: list[Seat], seed: int, options: dict[str, object] | None = None) -> Session:
    """Start a seeded game at the app's table (the form picks a fresh seed; tests want a fixed one)."""
    opts = {"brains_in_deck_2p": 3, "first_player": 0, **(options or {})}
    a.session = Session.new(GAME, seats, opts, seed=seed)
    for table in a.tables.values():
        table.reset()
    a.viewer = a.session.humans[0] if len(a.session.humans) == 1 else None
    a.screen = "table"
    save(a.storage, a.session)
    return a.session


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def play_by_buttons(a: App, rng: random.Random, check=None, limit: int = 3000) -> int:
    """Play to the end: bots move, the human clicks one of the offered decision buttons.  Returns the clicks."""
    s = a.session
    assert s is not None
    clicks = 0
    for _ in range(limit):
        if s.game.is_over(s.state):
            return clicks
        if a.pass_to() is not None:
            click(a, "show-hand")
            continue
        if a.bots_pending():
            a.step_bot()
            continue
        html = a.render()
        if check is not None:
            check(a, html)
        ctx = a.ctx()
        assert ctx is not None and ctx.my_turn
        offered = CHOICE.findall(html)
        # Legal answers only, one per distinct effect (answers that do the same thing share a button).
        assert set(offered) <= {choice_key(x) for x in ctx.legal}, (offered, ctx.legal)
        for group in alike_groups(ctx.legal):
            assert sum(choice_key(x) in offered for x in group) == 1, (offered, group)
        assert len(set(offered)) == len(offered) >= 2
        assert 'data-my-turn="true"' in html
        click(a, "decide", choice=rng.choice(offered))
        assert a.flash is None, a.flash
        clicks += 1
    raise AssertionError("the game did not end")


def no_leaks(a: App, html: str) -> None:
    assert not LEAKED_KEY.search(text_of(html)), LEAKED_KEY.search(text_of(html)).group(0)
    assert "{" not in text_of(html), "a template field was left unfilled"


def test_the_table_is_registered_with_its_strings() -> None:
    assert TABLES[GAME] is RpsZombieTable
    for cat in CATALOGUES.values():
        rules = cat[f"rules.{GAME}"]
        assert isinstance(rules, list) and any(p.startswith("## ") for p in rules)
        # the rules and each choice that changes play, one by one (every choice: docs/rules/rps_zombie.md)
        assert sum(1 for p in rules if p.startswith("- ")) >= 25


def test_new_game_form_options() -> None:
    a = app()
    click(a, "setup", game=GAME)
    assert a.form.options == {"brains_in_deck_2p": 3, "first_player": 0}
    html = a.render()
    assert 'name="opt_brains_in_deck_2p"' in html and 'name="opt_first_player"' in html
    # (what the option means, said under it and to a screen reader with it)
    assert 'aria-describedby="rz-brains-about"' in html and 'id="rz-brains-about">A brain revealed from the pile' in html
    click(a, "add-seat", {"opt_brains_in_deck_2p": "2", "opt_first_player": "1"})
    assert a.form.options == {"brains_in_deck_2p": 2, "first_player": 1}
    assert 'name="opt_brains_in_deck_2p"' not in a.render(), "the 2-player option is hidden with 3 players"
    table = a.tables[GAME]
    assert table.read_options({"opt_brains_in_deck_2p": "7", "opt_first_player": "5"}, 3) == {
        "brains_in_deck_2p": 3, "first_player": 0}
    assert table.read_options({"opt_brains_in_deck_2p": "x", "opt_first_player": "2"}, 3) == {
        "brains_in_deck_2p": 3, "first_player": 2}
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "B", "seat_kind_1": "greedy",
                       "seat_name_2": "C", "seat_kind_2": "random", "opt_first_player": "2"})
    s = a.session
    assert s is not None and s.game.name == GAME and s.state.data["options"]["first_player"] == 2
    assert 'class="rz-table"' in a.render()


@pytest.mark.parametrize("players,lang", [(2, "en"), (3, "ru"), (3, "en"), (2, "ru")])
def test_whole_game_by_buttons_with_saves(players: int, lang: str) -> None:
    storage = MemoryStorage()
    a = app(storage, lang)
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "greedy") for i in range(1, players)]
    s = seat_game(a, seats, seed=11 + players)

    def check(a: App, html: str) -> None:
        no_leaks(a, html)
        # "What happened" tells the current round from its start to now, in order.
        log = s.game.view(s.state, 0)["log"]
        start = max(i for i, e in enumerate(log) if e["e"] in ("round_start", "setup"))
        panel = html[html.index('class="rz-happened"'):]
        panel = panel[:panel.index("</section>")]
        shown = [int(n) for n in re.findall(r'data-n="(\d+)"', panel)]
        assert shown == sorted(shown)
        assert shown[-len(log) + start:] == [e["n"] for e in log[start:]]
        # Every move is saved and a reload gives the same table.
        b = app(storage, lang)
        assert b.session is not None
        assert b.session.game.to_json(b.session.state) == s.game.to_json(s.state)
        assert CHOICE.findall(b.render()) == CHOICE.findall(html)

    clicks = play_by_buttons(a, random.Random(players), check)
    assert clicks >= 1
    html = a.render()
    no_leaks(a, html)
    assert 'id="game-over"' in html and 'id="end-reason"' in html
    over = html[html.index('id="game-over"'):]
    for p in range(players):
        assert f'<tr data-seat="{p}">' in over
    # The record replays to the same final state.
    rec = s.record
    g = games.get(GAME)
    replay = g.new_game(rec["players"], seed=rec["seed"], options=rec["options"])
    for action in rec["actions"]:
        replay = g.apply(replay, action)
    assert g.to_json(replay) == g.to_json(s.state)


def test_every_event_gets_a_log_line_in_both_languages() -> None:
    seen: set[str] = set()
    for seed in range(80):
        if seen == EVENTS and seed >= 6:
            break
        for players in (2, 3):
            a = app()
            seats = [Seat("Ann", "human"), Seat("Rob", "random")] + ([Seat("Gus", "greedy")] if players == 3 else [])
            s = seat_game(a, seats, seed=seed, options={"brains_in_deck_2p": 2 if seed % 2 else 3})
            play_by_buttons(a, random.Random(seed))
            for lang in ("en", "ru"):
                a.t.lang = lang
                ctx = a.ctx()
                assert ctx is not None
                for event in s.state.data["log"]:
                    line = a.tables[GAME].describe(event, ctx)
                    assert line and "{" not in line and not LEAKED_KEY.search(text_of(line)), (event, line)
                    seen.add(event["e"])
    assert seen == EVENTS, f"not covered: {sorted(EVENTS - seen)}"


def test_rare_event_forms_are_worded() -> None:
    a = app()
    seat_game(a, [Seat("Ann", "human"), Seat("Bob", "greedy"), Seat("Cy", "greedy")], seed=1)
    table = a.tables[GAME]
    events = [
        {"e": "redraw", "seats": [0, 2], "ok": False},
        {"e": "defend", "seat": 1, "zombie_of": 0, "with": "revealed", "auto": False},  # its reveal left the log
        {"e": "defend", "seat": 1, "zombie_of": 0, "with": "none", "auto": True},
        {"e": "bite", "seat": 1, "zombie_of": 0, "eaten": "revealed", "brains": 2},
        {"e": "out", "seat": 2, "trophies": ["rock", "paper"]},
        {"e": "contest", "cards": ["rock", "paper", "scissors"], "result": "nobody", "winner": None, "tied": [],
         "room": False},
        {"e": "contest", "cards": ["rock", None, None], "result": "win", "winner": 0, "tied": [], "room": False},
        {"e": "game_end", "reason": "survival", "winners": [0, 1], "brains": [0, 0, 0], "trophies": [0, 0, 0]},
        {"e": "game_end", "reason": "deck", "winners": [2], "brains": [1, 1, 3], "trophies": [0, 0, 1]},
    ]
    for lang in ("en", "ru"):
        a.t.lang = lang
        ctx = a.ctx()
        for i, event in enumerate(events):
            line = table.describe({"n": 1000 + i, **event}, ctx)
            assert line and "{" not in line and not LEAKED_KEY.search(text_of(line)), (event, line)
    assert table.describe({"n": 1, "e": "no_such_event"}, ctx) is None


def test_names_are_escaped_everywhere() -> None:
    evil = '<script>alert("x")</script>&'
    a = app()
    s = seat_game(a, [Seat(evil, "human"), Seat("<b>Bot</b>", "greedy"), Seat("Z'q", "random")], seed=5)

    def check(a: App, html: str) -> None:
        assert "<script>" not in html and "<b>Bot" not in html
        assert esc(evil) in html

    play_by_buttons(a, random.Random(5), check)
    html = a.render()
    assert "<script>" not in html and "<b>Bot" not in html and esc(evil) in html
    ctx = a.ctx()
    for event in s.state.data["log"]:
        line = a.tables[GAME].describe(event, ctx) or ""
        assert "<script>" not in line and "<b>Bot" not in line


def test_a_click_that_is_not_a_legal_answer_changes_nothing() -> None:
    a = app()
    s = seat_game(a, [Seat("Ann", "human"), Seat("Bob", "greedy")], seed=3)
    assert s.state.data["phase"] == "choose_trophy" and s.state.current_player == 0
    before = s.game.to_json(s.state)
    for bad in ("pass", "defend:rock", "choose_trophy:zombie", "", "block:paper"):
        click(a, "decide", choice=bad)
        assert a.flash is not None
        assert s.game.to_json(s.state) == before
    click(a, "decide", choice="choose_trophy:scissors")
    assert a.flash is None and s.state.data["trophies"] == [["scissors"], ["scissors"]]


def _decision_text(seed: int, phase: str, lang: str = "en") -> tuple[str, Ctx] | None:
    """The decision box the first time the human (seat 0) must decide ``phase`` in a seeded game."""
    a = app(lang=lang)
    s = seat_game(a, [Seat("Ann", "human"), Seat("Bob", "greedy"), Seat("Cy", "greedy")], seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if s.game.is_over(s.state):
            return None
        if a.bots_pending():
            a.step_bot()
            continue
        html = a.render()
        if s.state.data["phase"] == phase:
            start = html.index('class="rz-decision')
            return text_of(html[start:html.index("</section>", start)]), a.ctx()
        click(a, "decide", choice=rng.choice(CHOICE.findall(html)))
    return None


def _find(phase: str, lang: str = "en") -> tuple[str, Ctx]:
    for seed in range(60):
        found = _decision_text(seed, phase, lang)
        if found is not None:
            return found
    raise AssertionError(f"no {phase} decision found")


def test_defend_is_asked_in_plain_words() -> None:
    text, ctx = _find("defend")
    pend = ctx.view["pending"]
    attacker = ctx.seats[pend["zombie_of"]].name
    assert f"{attacker}'s zombie attacks you!" in text
    assert "If it bites" in text
    assert "Let it" in text
    for a in ctx.legal:
        if a["with"] == "revealed":
            assert "Kill it with your revealed" in text
        elif a["with"] in ("rock", "scissors"):
            assert f"Kill it with your {a['with'].capitalize()} trophy" in text


def test_contest_explains_the_outcome() -> None:
    text, ctx = _find("contest")
    pend = ctx.view["pending"]
    assert "Trophy contest" in text and "Competing:" in text
    result = pend["outcome"]["result"]
    if result == "win":
        assert "wins the trophy" in text
    elif result == "nobody":
        assert "nobody wins" in text
    else:
        assert "redraw" in text
    assert "Pass —" in text
    ru, _ = _find("contest", "ru")
    assert "Спор за трофей" in ru and "Пас —" in ru


def test_russian_plurals_of_brains() -> None:
    a = app(lang="ru")
    assert a.t.plural("rz.brains", 1) == "1 мозг"
    assert a.t.plural("rz.brains", 3) == "3 мозга"
    assert a.t.plural("rz.brains", 5) == "5 мозгов"
    assert a.t.plural("rz.trophies", 2) == "2 трофея"


@pytest.mark.parametrize("players", [2, 3])
def test_a_rock_paper_scissors_throw_picks_the_first_player(players: int) -> None:
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game=GAME)
    if players == 3:
        click(a, "add-seat")
    assert 'value="throw"' in a.render()
    values = {"seat_name_0": "Ann", "seat_kind_0": "human", "opt_first_player": "throw"}
    click(a, "start", values)
    s = a.session
    assert s is not None
    first = s.state.data["options"]["first_player"]
    html = a.render()
    assert 'id="interlude"' in html and 'class="rz-throw"' in html
    assert not a.bots_pending(), "nobody moves while the throw is on screen"
    rows = s.ui["rz_throw"]
    last = rows[-1]
    # The last throw has exactly two kinds and the first player's beats the others'.
    kinds = {k for k in last if k}
    assert len(kinds) == 2 and last[first] in kinds
    assert all(k is None or k == last[first] or {"rock": "scissors", "scissors": "paper", "paper": "rock"}[last[first]] == k
               for k in last)
    before = s.game.to_json(s.state)
    click(a, "decide", choice="choose_trophy:rock")  # no moves behind the overlay
    assert s.game.to_json(s.state) == before and a.flash is not None
    click(a, "dismiss")
    assert a.interlude() is None and 'id="interlude"' not in a.render()
    assert '"rz_throw_seen": true' in storage.getItem("pygames.save.v1")
    play_by_buttons(a, random.Random(players))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hint_or_a_move_to_confirm_names_the_move_as_its_button_does(lang: str) -> None:
    a = app(lang=lang)
    seats = [Seat("Ann", "human"), Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy")]
    seat_game(a, seats, seed=7)
    table = RpsZombieTable()
    said: set[str] = set()

    def check(a: App, html: str) -> None:
        ctx = a.ctx()
        assert ctx is not None
        labels = {unescape(re.sub(r"<[^>]+>", "", m)).strip().lower().removesuffix(",")  # (the comma a voice pauses at)
                  for m in re.findall(r'<span class="rz-label">(.*?)</span>(?:<span class="rz-note">|</button>)', html)}
        for action in ctx.legal:
            words = table.action_words(action, ctx)
            assert words, action
            plain = unescape(re.sub(r"<[^>]+>", "", words)).strip().lower()
            if action["type"] != "choose_trophy":  # (its button is the card alone)
                assert plain in labels, (plain, labels)
            said.add(action["type"])

    play_by_buttons(a, random.Random(3), check)
    assert {"choose_trophy", "defend"} <= said


def test_a_seat_without_a_card_is_said_out_of_a_redraw_only_in_a_redraw() -> None:
    """A seat with no revealed card says why: outside a redraw only while one is on (at the deck's
    end, with no redraw at all, it said "not in this redraw"), else that no card came this round."""
    from pygames_ui.frame import frame_of
    from pygames_ui.i18n import I18n

    seen = set()
    for seed in range(40):
        s = Session.new("rps_zombie", [Seat("Ann", "easy"), Seat("Bob", "easy"), Seat("Cat", "easy")], {}, seed=seed)
        rng = random.Random(seed)
        while True:  # (every state, the last one too: the deck's end)
            v = s.game.view(s.state, 0)
            html = RpsZombieTable().render(Ctx(I18n(CATALOGUES, "en"), frame_of(s, 0)))
            spots = re.findall(r'<div class="rz-spot empty[^"]*"[^>]*>.*?<span class="rz-cardnote">([^<]*)</span>', html)
            for note in spots:
                if note == "not in this redraw":
                    assert v["sub_round"], (seed, v["round"])
                    seen.add("redraw")
                elif note == "no card this round":
                    assert not v["sub_round"]
                    seen.add("none")
            if s.game.is_over(s.state):
                break
            s.apply(rng.choice(s.game.legal_actions(s.state)))
        if "redraw" in seen:
            break
    assert "redraw" in seen, seen
    # The lesson's end: the deck cannot give two players a card each, with no redraw on.
    from test_tutorial import learner_app, play_through

    a = learner_app("rps_zombie")
    play_through(a)
    html = a.render()
    assert "no card this round" in html and "not in this redraw" not in html


def test_in_pass_and_play_the_question_names_the_person_it_is_for() -> None:
    """The device goes round by itself at the RPS table (nothing is hidden): the next person's
    question read the same as the last one's ("A zombie attacks you!"), and the one holding the
    device could answer it for him. It begins with his name."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=3)
    a.boot()
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_kind_0": "human", "seat_name_0": "Dad", "seat_kind_1": "human",
                       "seat_name_1": "Mum", "first_player": "0", "confirm_moves": "off"})
    seen = set()

    def named(b: App, ctx: Ctx) -> None:
        prompt = b.render().split('id="prompt"')[1].split("</p>")[0]
        name = ctx.seats[ctx.seat].name
        assert f"{name}, your turn." in prompt, prompt
        seen.add(name)
        b.play(ctx.legal[0])

    play_on(a, seed=0, moves=200, move=named)
    assert seen == {"Dad", "Mum"}


def test_what_happened_since_the_player_last_decided_is_marked_new() -> None:
    """The lines of "what happened" after this player's last decision carry ``fresh`` (each
    flashes once as it comes: rps_zombie.css), the ones up to it do not; worked out from the
    position alone, so a second draw is the same (it was worked out from the last draw)."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=11)  # (a fixed deal: an unseeded one may be short)
    a.boot()
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "first_player": "0"})
    checked = 0

    def marked(b: App, ctx: Ctx) -> None:
        nonlocal checked
        html = b.render()
        mine = max((e["n"] for e in ctx.events if e.get("seat") == 0 and e["e"] in DECISIONS
                    and not e.get("auto")), default=-1)
        for m in re.finditer(r'<li class="rz-ev e-\w+( fresh)?" data-n="(\d+)"', html):
            assert bool(m.group(1)) == (int(m.group(2)) > mine), (m.group(0), mine)
            checked += 1
        b.play(ctx.legal[0])

    play_on(a, seed=0, moves=30, move=marked)
    assert checked > 20
