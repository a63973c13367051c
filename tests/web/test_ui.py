"""The web layer on plain CPython: catalogues, escaping, the app's flow and saves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_core import games
from pygames_ui import saves
from pygames_ui.app import App
from pygames_ui.dom import attrs, esc
from pygames_ui.i18n import I18n, merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage, Seat, Session
from pygames_ui.tables import TABLES, Ctx

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
CATALOGUES = merge_catalogues(I18N)


def app(storage: MemoryStorage | None = None, lang: str = "en") -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage())
    a.boot()
    return a


def test_catalogues_have_the_same_keys() -> None:
    def base(keys: set[str]) -> set[str]:
        return {k.rsplit(".", 1)[0] if k.rsplit(".", 1)[-1] in ("one", "few", "many") else k for k in keys}

    assert base(set(CATALOGUES["ru"])) == base(set(CATALOGUES["en"]))
    for lang, cat in CATALOGUES.items():
        for key, text in cat.items():
            assert text, f"{lang}:{key} is empty"


def test_every_game_with_a_table_has_rules_and_about() -> None:
    for name in TABLES:
        for cat in CATALOGUES.values():
            assert isinstance(cat[f"rules.{name}"], list)
            assert cat[f"home.about.{name}"]
            assert cat[f"game.{name}"]


def test_russian_plurals() -> None:
    t = I18n(CATALOGUES, "ru")
    assert t.plural("table.cards_in_hand", 1) == "1 карта в руке"
    assert t.plural("table.cards_in_hand", 3) == "3 карты в руке"
    assert t.plural("table.cards_in_hand", 11) == "11 карт в руке"


def test_escaping() -> None:
    assert esc('<img src=x onerror="a">') == "&lt;img src=x onerror=&quot;a&quot;&gt;"
    assert attrs(data_name="<b>", hidden=True, off=None) == ' data-name="&lt;b&gt;" hidden'


@pytest.mark.parametrize("files", [
    {"a.json": '{"k.one": "1", "k.one": "2"}'},  # twice in one file: JSON alone keeps the last, unsaid
    {"a.json": '{"k.one": "1"}', "b.json": '{"k.one": "2"}'},
])
def test_a_catalogue_key_defined_twice_is_an_error(tmp_path: Path, files: dict[str, str]) -> None:
    for lang in ("en", "ru"):
        (tmp_path / lang).mkdir()
        for name, text in files.items():
            (tmp_path / lang / name).write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="defined twice.*k.one"):
        merge_catalogues(tmp_path)


def test_all_templates_render_with_their_fields() -> None:
    """Every placeholder in a catalogue is one the code fills (no KeyError fallbacks)."""
    import string

    for cat in CATALOGUES.values():
        for key, text in cat.items():
            if isinstance(text, str):
                fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
                assert fields <= {"n", "name", "who", "whom", "card", "game", "lo", "hi", "reason", "value",
                                  "colour", "depth", "cards", "move", "target", "total", "step", "names", "server", "goal",
                                  "named"}, (key, fields)


def test_new_game_defaults_to_you_against_a_medium_bot() -> None:
    a = app()
    click(a, "setup", game="klats")
    assert [(s.name, s.kind) for s in a.form.seats] == [("You", "human"), ("Bot 1", "medium")]
    assert a.form.options == {"target": 150, "first_player": 0}
    click(a, "start")
    assert a.screen == "table" and a.session is not None
    assert a.session.state.data["options"]["target"] == 150
    html = a.render()
    assert 'data-my-turn="true"' in html


def test_a_whole_match_through_the_app_with_saves() -> None:
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "B",
                       "seat_kind_1": "random", "opt_target": "30", "opt_first_player": "1"})
    s = a.session
    assert s is not None and s.state.data["options"] == {"target": 30, "first_player": 1}
    def first_card_by_clicks(a: App, ctx: Ctx) -> None:
        card = ctx.view["hand"][0]
        click(a, "select", card=card)
        target, pile = next((x["target"], x["pile"]) for x in ctx.legal if x["card"] == card)
        click(a, "play", target=target, pile="null" if pile is None else pile)

    def saved_as_played(a: App) -> None:  # every move is saved and a reload gives the same game
        saved = saves.read(storage.getItem(SAVE_KEY))
        assert s.game.to_json(saved.state) == s.game.to_json(s.state)

    play_on(a, 0, each=saved_as_played, move=first_card_by_clicks)
    assert s.game.is_over(s.state)
    assert "game-over" in a.render()
    # The record replays to the same final state.
    rec = s.record
    g = games.get("klats")
    replay = g.new_game(rec["players"], seed=rec["seed"], options=rec["options"])
    for action in rec["actions"]:
        replay = g.apply(replay, action)
    assert g.to_json(replay) == g.to_json(s.state)


def test_illegal_click_changes_nothing() -> None:
    a = app()
    click(a, "setup", game="klats")
    click(a, "start")
    s = a.session
    before = s.game.to_json(s.state)
    click(a, "play", target=0, pile=3)  # nothing selected
    click(a, "select", card=99)  # not in hand
    click(a, "play", target=0, pile=5)
    assert s.game.to_json(s.state) == before
    assert a.flash is not None


def test_a_klats_place_that_is_not_a_legal_move_never_reaches_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """No rule in the UI: a click becomes a move only by matching one of the legal moves (a
    place made up in the click's data is refused by the table, said as a move not allowed)."""
    a = app()
    click(a, "setup", game="klats")
    click(a, "start")
    s = a.session
    assert s is not None
    asked: list[object] = []
    real = s.game.apply
    monkeypatch.setattr(s.game, "apply", lambda state, action: asked.append(action) or real(state, action))
    ctx = a.ctx()
    assert ctx is not None
    card = ctx.view["hand"][0]
    click(a, "select", card=card)
    click(a, "play", target=0, pile=5)  # no sixth pile there
    click(a, "play", target=7, pile="null")  # no eighth player
    assert asked == [] and a.flash == a.t("flash.illegal")
    legal = next(m for m in ctx.legal if m["card"] == card)
    click(a, "play", target=legal["target"], pile="null" if legal["pile"] is None else legal["pile"])
    assert asked == [legal]


@pytest.mark.parametrize("garbage", ["{", "[]", '{"v": 1, "game": "chess"}', '{"v": 1, "game": "klats", "seats": []}'])
def test_bad_save_is_reported_and_cleared(garbage: str) -> None:
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, garbage)
    a = app(storage)
    assert a.notice and "could not be read" in a.notice
    assert storage.getItem(SAVE_KEY) is None
    assert storage.getItem("pygames.save.unreadable") == garbage, "the unreadable save is kept aside"
    assert a.screen == "home"
    assert "notice" in a.render()


def test_tampered_state_and_record_are_refused() -> None:
    storage = MemoryStorage()
    s = Session.new("klats", [Seat("A", "human"), Seat("B", "greedy")], {"target": 150, "first_player": 0}, seed=3)
    body = json.loads(s.to_save())
    state = json.loads(body["state"])
    state["state"]["totals"] = [500, 0]
    body["state"] = json.dumps(state)
    # An edited state alone is rebuilt from the record...
    storage.setItem(SAVE_KEY, json.dumps(body))
    a = app(storage)
    assert a.session is not None and a.session.state.data["totals"] == [0, 0]
    # ...but with an edited record too, the save is refused and reported.
    body["record"]["actions"] = [{"type": "play", "card": 99, "target": 0, "pile": None}]
    storage.setItem(SAVE_KEY, json.dumps(body))
    a = app(storage)
    assert a.session is None and "checksum" in (a.notice_details or "")


def test_pass_and_play_never_shows_a_hand_to_the_wrong_player() -> None:
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "A", "seat_kind_0": "human", "seat_name_1": "B", "seat_kind_1": "human"})
    passed = 0
    for _ in range(8):
        if a.interlude() is not None:
            click(a, "dismiss")
        cur = a.session.state.current_player
        if a.pass_to() is not None:  # the device changes hands (not when the same player goes on)
            assert a.pass_to() == cur
            html = a.render()
            assert 'class="hand"' not in html and "pass-screen" in html
            click(a, "show-hand")
            passed += 1
        assert a.viewer == cur, "the hand on screen is the one of the player whose turn it is"
        html = a.render()
        assert 'class="hand"' in html
        ctx = a.ctx()
        card = ctx.view["hand"][0]
        click(a, "select", card=card)
        target, pile = next((x["target"], x["pile"]) for x in ctx.legal if x["card"] == card)
        click(a, "play", target=target, pile="null" if pile is None else pile)
        assert a.pass_to() is None  # the move waits for its second tap: the hand stays
        click(a, "confirm-move")
    assert passed >= 4


@pytest.mark.parametrize("away", ["back and forward", "home and continue"])
def test_pass_and_play_hides_the_hands_when_the_table_shows_again(away: str) -> None:
    from pygames_ui import nav
    from pygames_ui.routes import HOME, Route
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "A", "seat_kind_0": "human", "seat_name_1": "B", "seat_kind_1": "human"})
    click(a, "show-hand")
    assert a.pass_to() is None and 'class="hand"' in a.render()
    if away == "back and forward":
        nav.show(a, Route("setup", "klats"))
        nav.show(a, Route("table"))
    else:
        nav.show(a, HOME)
        click(a, "resume")
    # Someone else may hold the device now: it is handed over again before a hand shows.
    assert a.screen == "table" and a.pass_to() == a.session.state.current_player  # type: ignore[union-attr]
    assert 'class="hand"' not in a.render()


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_a_name_written_right_to_left_is_set_apart_from_every_sentence(game: str) -> None:
    """A Hebrew or Arabic name keeps the numbers beside it where they belong ("42 — אברהם" read as
    "אברהם — 42" when the name was not set apart): wherever the table, its log and its summaries
    name him, in either language, the name stands between a first-strong isolate and its pop."""
    rtl = "אברהם בן דוד"
    a = App(CATALOGUES, "ru", MemoryStorage(), seed=7)  # (a fixed deal: an unseeded one may be short)
    a.boot()
    click(a, "setup", game=game)
    click(a, "start", {"seat_name_0": "Аня", "seat_kind_0": "human", "seat_name_1": rtl, "seat_kind_1": "easy"})
    seen = 0

    def each(b: App) -> None:
        nonlocal seen
        html = b.render()
        for at in [i for i in range(len(html)) if html.startswith(rtl, i)]:
            assert html[at - 1] == "\u2068" and html[at + len(rtl)] == "\u2069", html[at - 80:at + 80]
            seen += 1
        if b.session is not None and len(b.session.record["actions"]) == 6:
            click(b, "lang", lang="en")

    play_on(a, seed=3, each=each)
    assert seen > 20


def test_names_are_escaped_everywhere() -> None:
    evil = "<script>alert(1)</script>"
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": evil, "seat_kind_0": "human", "seat_name_1": "Bot", "seat_kind_1": "greedy"})
    html = a.render()
    assert "<script>" not in html and esc(evil) in html


@pytest.mark.parametrize(("typed", "kept"), [
    ("\u202eAnna", "Anna"),  # an unclosed right-to-left override turned "Pass the device to Anna" round
    ("\u2067Zed\u200f", "Zed"),
    ("\u200b\u200b\u200b", "You"),  # nothing that shows: the name it had, as for a name left empty
    ("\u200d \ufeff", "You"),
    ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # (a family emoji keeps its joiners)
    ("שרה", "שרה"),  # (a name in a right-to-left script stays)
])
def test_a_name_keeps_no_mark_that_turns_the_text_round_nor_shows_as_nothing(typed: str, kept: str) -> None:
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": typed, "seat_kind_0": "human", "seat_name_1": "Bot", "seat_kind_1": "easy"})
    assert a.session is not None and a.session.seats[0].name == kept


def test_damaged_state_is_rebuilt_from_the_record() -> None:
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game="klats")
    click(a, "start")
    for _ in range(4):
        while a.bots_pending():
            a.step_bot()
        ctx = a.ctx()
        card = ctx.view["hand"][0]
        click(a, "select", card=card)
        target, pile = next((x["target"], x["pile"]) for x in ctx.legal if x["card"] == card)
        click(a, "play", target=target, pile="null" if pile is None else pile)
    good = a.session.game.to_json(a.session.state)
    body = json.loads(storage.getItem(SAVE_KEY))
    body["state"] = body["state"][:-40]  # truncated: the state text is damaged
    storage.setItem(SAVE_KEY, json.dumps(body))
    b = app(storage)
    assert b.session is not None and b.session.game.to_json(b.session.state) == good
    assert b.notice and "rebuilt" in b.notice


def test_default_you_becomes_player_n_in_pass_and_play() -> None:
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "You", "seat_kind_0": "human", "seat_name_1": "Bot 1", "seat_kind_1": "human"})
    assert [s.name for s in a.session.seats] == ["Player 1", "Player 2"]  # no person is called a bot
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "You", "seat_kind_0": "human", "seat_name_1": "Bot 1", "seat_kind_1": "greedy"})
    assert [s.name for s in a.session.seats] == ["You", "Bot 1"]


def test_seeded_app_deals_repeatably() -> None:
    a = App(CATALOGUES, "en", MemoryStorage(), seed=41)
    click(a, "setup", game="klats")
    click(a, "start")
    assert a.session.record["seed"] == 41
    first = a.session.game.to_json(a.session.state)
    click(a, "again")
    assert a.session.record["seed"] == 42
    b = App(CATALOGUES, "en", MemoryStorage(), seed=41)
    click(b, "setup", game="klats")
    click(b, "start")
    assert b.session.game.to_json(b.session.state) == first


def test_the_form_remembers_the_last_choices_per_game() -> None:
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game="zoomagia")
    click(a, "add-seat")
    click(a, "start", {"seat_name_0": "Аня", "seat_kind_0": "human", "seat_name_1": "Robo", "seat_kind_1": "hard",
                       "seat_name_2": "Bob", "seat_kind_2": "human", "opt_columns": "0"})
    b = app(storage)  # another visit on the same device
    click(b, "setup", game="zoomagia")
    assert b.form is not None
    assert [(s.name, s.kind) for s in b.form.seats] == [("Аня", "human"), ("Robo", "hard"), ("Bob", "human")]
    assert b.form.options["columns"] is False
    click(b, "setup", game="klats")  # a title not started yet: the same people sit down, its own options
    assert b.form is not None
    assert [(s.name, s.kind) for s in b.form.seats] == [("Аня", "human"), ("Robo", "hard"), ("Bob", "human")]
    assert b.form.options == b.tables["klats"].read_options({}, 3)
    click(b, "start", {"seat_name_0": "Аня", "seat_kind_0": "human", "seat_name_1": "Kit", "seat_kind_1": "easy"})
    click(b, "home")
    click(b, "setup", game="zoomagia")  # each game has its own
    assert b.form is not None and [s.name for s in b.form.seats] == ["Аня", "Robo", "Bob"]
    click(b, "setup", game="klats")
    assert b.form is not None and [s.name for s in b.form.seats] == ["Аня", "Kit", "Bob"]
    storage.setItem("pygames.form.last", json.dumps({"seats": [{"name": f"P{i}", "kind": "human"} for i in range(4)]}))
    click(b, "setup", game="rps_zombie")  # more people than the title seats: its fresh form
    assert b.form is not None and [s.name for s in b.form.seats] == ["You", "Bot 1"]
    storage.setItem("pygames.form.last", "[" * 3000)
    click(b, "setup", game="rps_zombie")
    assert b.form is not None and [s.name for s in b.form.seats] == ["You", "Bot 1"]
    for junk in ("{", '{"seats": 5, "options": {}}', '{"seats": [{"name": 1, "kind": "human"}], "options": {}}',
                 '{"seats": [{"name": "a", "kind": "god"}, {"name": "b", "kind": "human"}], "options": {}}', "x" * 9999):
        storage.setItem("pygames.form.zoomagia", junk)
        click(b, "setup", game="zoomagia")  # what cannot be read is forgotten: a fresh form
        assert b.form is not None and [s.name for s in b.form.seats] == ["You", "Bot 1"]


def test_a_seat_turned_into_a_person_or_a_bot_loses_the_name_made_up_for_what_it_was() -> None:
    """The form kept "Bot 1" on a seat turned into a person's (or a friend's), and "You" on one
    turned into a bot; a name somebody typed stays."""
    a = app(MemoryStorage())
    click(a, "setup", game="zoomagia")
    click(a, "add-seat")
    names = [s.name for s in a.form.seats]  # type: ignore[union-attr]
    assert names == ["You", "Bot 1", "Bot 2"]
    click(a, "seat-kind", {"seat_kind_1": "human", "seat_kind_2": "remote", "seat_name_2": "Bot 2"})
    assert [s.name for s in a.form.seats] == ["You", "Player 2", "Player 3"]  # type: ignore[union-attr]
    assert 'value="Player 2"' in a.render()
    click(a, "seat-kind", {"seat_kind_0": "easy", "seat_kind_1": "hard", "seat_name_2": "Zoe", "seat_kind_2": "easy"})
    assert [s.name for s in a.form.seats] == ["Bot 1", "Bot 2", "Zoe"]  # type: ignore[union-attr]
    b = app(MemoryStorage())  # "You" turned into a bot beside "Bot 1": not a second "Bot 1"
    click(b, "setup", game="klats")
    click(b, "seat-kind", {"seat_kind_0": "easy"})
    assert [s.name for s in b.form.seats] == ["Bot 2", "Bot 1"]  # type: ignore[union-attr]
    click(b, "seat-kind", {"seat_kind_0": "human"})  # … and back: "You" again (no seat is)
    assert [s.name for s in b.form.seats] == ["You", "Bot 1"]  # type: ignore[union-attr]
    click(b, "seat-kind", {"seat_kind_1": "easy"})  # a bot's level changed: its name stays
    click(b, "add-seat")
    assert [s.name for s in b.form.seats] == ["You", "Bot 1", "Bot 2"]  # type: ignore[union-attr]


def test_the_form_s_made_up_names_follow_the_language() -> None:
    a = app(MemoryStorage())
    click(a, "setup", game="klats")
    click(a, "lang", {"seat_name_0": "You", "seat_name_1": "Bot 1"}, lang="ru")
    assert [s.name for s in a.form.seats] == ["Вы", "Бот 1"]  # type: ignore[union-attr]
    click(a, "lang", {"seat_name_0": "Аня", "seat_name_1": "Бот 1"}, lang="en")  # (a typed name stays)
    assert [s.name for s in a.form.seats] == ["Аня", "Bot 1"]  # type: ignore[union-attr]


def test_names_the_app_made_up_follow_the_language_on_a_remembered_form_and_in_a_replay() -> None:
    """A game started in English ("You", "Bot 1"), then Russian chosen: the form kept on the device
    says «Вы», «Бот 1», and so does the replay of that game (a screen reader heard Russian
    sentences with English names in it)."""
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    play_on(a, seed=1)
    click(a, "lang", lang="ru")
    click(a, "replay")
    assert a.screen == "replay"
    html = a.render()
    assert "Бот 1" in html and "Bot 1" not in html
    click(a, "home")
    click(a, "setup", game="klats")
    assert [s.name for s in a.form.seats] == ["Вы", "Бот 1"]  # type: ignore[union-attr]


def test_one_option_changed_early_keeps_the_other_remembered_ones() -> None:
    """The form shown before Python is ready sends only the fields the player changed there: an
    option among them must not reset the remembered others to their defaults."""
    storage = MemoryStorage()
    a = app(storage)
    click(a, "setup", game="klats")
    click(a, "start", {"opt_target": "21", "opt_first_player": "1"})
    b = app(storage)
    click(b, "setup", game="klats")
    b.read_form({"opt_first_player": "0"})
    assert b.form is not None and b.form.options["target"] == 21 and b.form.options["first_player"] == 0


def test_esc_matches_the_standard_library_and_unesc_undoes_it() -> None:
    import html

    from pygames_ui.dom import unesc

    for text in ("a < b & c > d", 'say "hi"', "it's", "&amp; already", "Ёж <b>&#x27;</b>", ""):
        assert esc(text) == html.escape(text, quote=True)
        assert unesc(esc(text)) == text == html.unescape(esc(text))


def test_two_hands_of_the_same_cards_are_still_secret() -> None:
    """Клац! has several copies of each card: two hands can hold the same ones, and their views
    are then equal. The other player still cannot know that: the device is not handed over
    without the pass screen, and moves still wait for their second tap (4 deals in 300 did)."""
    from pygames_core import games
    from pygames_ui.frame import seat_has_secrets

    game = games.get("klats")
    state = game.new_game(players=2, seed=3)
    state.data["hands"][1] = list(state.data["hands"][0])
    assert game.view(state, 1) | {"me": 0} == game.view(state, 0)  # the views, equal by chance
    assert seat_has_secrets(game, state, 0, [1]) and seat_has_secrets(game, state, 1, [0])
    zoo = games.get("zoomagia")
    face_up = zoo.new_game(players=2, seed=3)
    assert not seat_has_secrets(zoo, face_up, 0, [1])  # all on the table: nothing to hide


def test_the_page_title_names_the_screen() -> None:
    from pygames_ui import nav
    a = app()
    assert nav.title(a) == "pygames"
    click(a, "rules", game="zoomagia")
    assert nav.title(a) == "Rules: Zoomagia — pygames"
    click(a, "setup", game="klats")
    assert nav.title(a) == "New game: Klats! — pygames"
    click(a, "start")
    assert nav.title(a) == "Klats! — pygames"
    click(a, "lang", lang="ru")
    assert nav.title(a) == "Клац! — pygames"


def test_the_form_says_when_starting_ends_a_game_in_progress() -> None:
    a = app()
    click(a, "setup", game="klats")
    assert 'class="replaces"' not in a.render()  # nothing to lose
    click(a, "start")
    click(a, "setup", game="klats")  # (Back from the table): no move made, nothing to lose, but the way back
    html = a.render()
    assert 'class="replaces"' not in html and 'data-action="resume"' in html and "aria-describedby" not in html
    click(a, "resume")
    ctx = a.ctx()
    assert ctx is not None
    a.play(ctx.legal[0])
    click(a, "setup", game="zoomagia")
    html = a.render()
    assert "ends your unfinished game of Klats! (1 move made)" in html
    assert 'aria-describedby="start-ends"' in html  # (a screen reader hears it with the Start button)
    assert re.search(r'</h1><p class="row"><button type="button" class="primary" data-action="resume">', html)  # (first)
    click(a, "resume")
    assert a.screen == "table" and a.session is not None and a.session.game.name == "klats"


def test_at_a_table_of_people_and_bots_a_hidden_hand_goes_face_down_while_the_bots_play() -> None:
    """Mama confirmed her move in Клац! (Mama, Bot A, Petya, Bot B): her hand, with the card she
    had just drawn, stayed on screen while the bots played, as the device went to Petya."""
    a = app()
    click(a, "setup", game="klats")
    click(a, "add-seat")
    click(a, "add-seat")
    click(a, "start", {"seat_name_0": "Mama", "seat_kind_0": "human", "seat_kind_1": "easy",
                       "seat_name_2": "Petya", "seat_kind_2": "human", "seat_kind_3": "easy", "confirm_moves": "off"})
    s = a.session
    assert s is not None and [x.name for x in s.seats][0::2] == ["Mama", "Petya"]
    click(a, "show-hand")
    ctx = a.ctx()
    assert ctx is not None and ctx.my_turn and 'class="hand"' in a.render()
    a.play(ctx.legal[0])  # Mama's move: Bot A to play
    assert a.bots_pending()
    frame = a.ctx()
    assert frame is not None and not frame.show_private and 'class="hand"' not in a.render()
    a.step_bot()  # Bot A; then Petya's turn: the device goes to him by the pass screen
    assert a.pass_to() == 2 and 'class="hand"' not in a.render()
    # One person with bots keeps his hand in view while they play.
    b = app()
    click(b, "setup", game="klats")
    click(b, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    ctx = b.ctx()
    assert ctx is not None
    b.play(ctx.legal[0])
    assert b.bots_pending() and 'class="hand"' in b.render()
