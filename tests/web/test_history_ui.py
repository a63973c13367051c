"""Keeping games on CPython: undo without peeking, export/import, links, the replay viewer.

(Named apart from tests/e2e/test_history.py: one pytest run collects both folders.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from apptools import click

from pygames_core import bots, games
from pygames_core.record import new_record, replay
from pygames_ui import history, thinking
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.replay import Replay
from pygames_ui.session import MemoryStorage, Seat, Session

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
YOU_AND_BOT = [Seat("Ann", "human"), Seat("Bot", "greedy")]


def session(name: str, seats: list[Seat], seed: int = 1, deck: list[Any] | None = None,
            options: dict[str, Any] | None = None) -> Session:
    g = games.get(name)
    state = g.new_game(len(seats), seed=seed, deck=deck, options=options)
    return Session(g, seats, state, new_record(name, len(seats), seed, options, deck))


def bots_move(s: Session) -> None:
    while not s.game.is_over(s.state) and not s.is_human_turn():
        s.apply(thinking.bot_action(s))


def check(s: Session, seat: int = 0) -> history.UndoCheck:
    return history.check_undo(s, seat, history.Timeline())


# ------------------------------------------------------------------ undo policy, per game
def test_klats_a_draw_or_a_bot_card_forbids_undo_but_a_play_from_a_known_hand_does_not() -> None:
    # A 6-card deck: both hands dealt, nothing left to draw.
    s = session("klats", YOU_AND_BOT, deck=[1, 3, 2, 4, 5, 6])
    assert check(s).reason == "no_move"
    s.apply(s.game.legal_actions(s.state)[0])
    assert s.state.current_player == 1  # the bot has not answered yet
    ok = check(s)
    assert ok.ok and ok.upto == 0
    bots_move(s)
    assert check(s).reason == "revealed"  # the bot's card came from a hand Ann could not see

    normal = session("klats", YOU_AND_BOT)
    normal.apply(normal.game.legal_actions(normal.state)[0])
    assert check(normal).reason == "revealed"  # Ann drew a card


def test_zoomagia_undo_within_the_turn_until_the_next_card_shows() -> None:
    s = session("zoomagia", YOU_AND_BOT, seed=3)
    timeline = history.Timeline()
    seen_ok = seen_revealed = False
    for _ in range(400):
        if s.game.is_over(s.state):
            break
        if s.is_human_turn():
            before = s.game.view(s.state, 0)["deck_size"]
            action = s.game.legal_actions(s.state)[-1]
            s.apply(action)
            bots_move(s)
            verdict = history.check_undo(s, 0, timeline)
            drawn = s.game.view(s.state, 0)["deck_size"] < before
            if s.game.is_over(s.state):
                assert verdict.reason == "over"
            elif drawn:
                assert verdict.reason == "revealed", action
                seen_revealed = True
            else:
                assert verdict.ok, (action, verdict)
                seen_ok = True
        else:
            s.apply(thinking.bot_action(s))
    assert seen_ok and seen_revealed


@pytest.mark.parametrize("name", games.names())
def test_undo_is_exact_and_only_ever_takes_back_the_seats_own_decision_and_bots(name: str) -> None:
    """Whenever undo is offered, going back gives exactly the replayed game at the seat's last decision."""
    g = games.get(name)
    offered = 0
    for seed in range(4):
        s = session(name, [Seat("Ann", "human"), Seat("Bot", "random")], seed=seed)
        timeline = history.Timeline()
        chooser = bots.get("random", seed=seed)
        while not g.is_over(s.state):
            if s.is_human_turn():
                s.apply(chooser.choose(g, s.state))
            else:
                s.apply(thinking.bot_action(s))
            verdict = history.check_undo(s, 0, timeline)
            if not verdict.ok:
                continue
            offered += 1
            upto = verdict.upto
            assert upto is not None
            assert timeline.states[upto].current_player == 0
            copy = Session(g, s.seats, s.state, json.loads(json.dumps(s.record)))
            history.undo(copy, history.Timeline(), upto)
            assert g.to_json(copy.state) == g.to_json(replay(s.record, upto))
            assert copy.record["actions"] == s.record["actions"][:upto]
    assert offered or name == "klats"


def test_pass_and_play_undo_only_within_your_own_turn() -> None:
    s = session("zoomagia", [Seat("Ann", "human"), Seat("Bob", "human")], seed=3)
    g = s.game
    # Find Ann's turn with more than one decision in it (a push that leaves her cards to sort).
    for _ in range(300):
        who = s.state.current_player
        s.apply(g.legal_actions(s.state)[-1])
        if s.state.current_player == who == 0 and check(s, 0).ok:
            break
    else:
        pytest.fail("no turn with two decisions found")
    assert check(s, 1).reason in ("no_move", "other_human")  # Bob cannot undo Ann's move
    while s.state.current_player == 0:
        s.apply(g.legal_actions(s.state)[0])
    assert check(s, 0).reason in ("turn_over", "revealed")
    # Bob moves: Ann's last decision is now behind another person's.
    s.apply(g.legal_actions(s.state)[0])
    assert check(s, 0).reason == "other_human"


def test_rps_zombie_undo_within_a_round() -> None:
    """Cards show only when drawn (a round's reveal, a redraw): a decision answered inside a round can be undone."""
    offered = 0
    for seed in range(4):
        s = session("rps_zombie", YOU_AND_BOT, seed=seed)
        g = s.game
        timeline = history.Timeline()
        while not g.is_over(s.state):
            if not s.is_human_turn():
                s.apply(thinking.bot_action(s))
                continue
            before = g.view(s.state, 0)
            s.apply(g.legal_actions(s.state)[0])
            for bots_too in (False, True):  # while the bot thinks, and after it answered
                if bots_too:
                    bots_move(s)
                after = g.view(s.state, 0)
                verdict = history.check_undo(s, 0, timeline)
                if g.is_over(s.state):
                    assert verdict.reason == "over"
                elif (before["round"], before["deck_size"]) == (after["round"], after["deck_size"]):
                    assert verdict.ok, verdict
                    offered += 1
                elif after["deck_size"] < before["deck_size"]:
                    assert verdict.reason == "revealed"
    assert offered


def test_bots_only_and_finished_games_cannot_be_undone() -> None:
    s = session("rps_zombie", [Seat("A", "random"), Seat("B", "greedy")])
    bots_move(s)
    assert check(s, 0).reason == "not_yours"
    assert history.check_undo(s, None, history.Timeline()).reason == "not_yours"
    s.seats[0] = Seat("A", "human")
    assert check(s, 0).reason == "over"


# ------------------------------------------------------------------ the app
def new_app(storage: MemoryStorage | None = None) -> App:
    a = App(CATALOGUES, "en", storage or MemoryStorage(), seed=5)
    a.boot()
    return a


def play_to_the_end(a: App) -> None:
    s = a.session
    assert s is not None
    while not s.game.is_over(s.state):
        if s.is_human_turn():
            a.play(s.game.legal_actions(s.state)[0])
        else:
            s.apply(thinking.bot_action(s))
        for _ in range(3):
            if a.interlude() is not None:
                click(a, "dismiss")


def test_the_undo_button_explains_itself_and_undoes() -> None:
    a = new_app()
    click(a, "setup", game="zoomagia")
    click(a, "start")
    html = a.render()
    assert 'data-action="undo" aria-disabled="true"' in html and "you have not made a move" in html
    click(a, "undo")
    assert a.flash == CATALOGUES["en"]["history.undo_no.no_move"]
    s = a.session
    assert s is not None
    # Play until an undo is offered (a decision inside one's turn), then take it.
    for _ in range(300):
        if s.is_human_turn():
            a.play(s.game.legal_actions(s.state)[-1])
        else:
            a.step_bot()
        while a.interlude() is not None:
            click(a, "dismiss")
        check_now = a.undo_check()
        if check_now is not None and check_now.ok:
            break
    else:
        pytest.fail("no undo offered")
    assert 'data-action="undo" title=' in a.render()  # enabled: no aria-disabled, no reason
    upto = check_now.upto
    expected = s.game.to_json(replay(s.record, upto))
    click(a, "undo")
    assert len(s.record["actions"]) == upto and s.game.to_json(s.state) == expected
    assert a.flash is None
    saved = json.loads(a.storage.getItem("pygames.save.v1") or "{}")
    assert len(saved["record"]["actions"]) == upto  # the undo is saved


def test_export_then_import_opens_the_same_game_in_the_viewer() -> None:
    a = new_app()
    click(a, "setup", game="zoomagia")
    click(a, "start")
    play_to_the_end(a)
    click(a, "export")
    kind, name, text = a.effects.pop()
    assert kind == "download" and name.startswith("pygames-zoomagia-") and name.endswith(".json")
    body = json.loads(text)
    # "You" would mean whoever opens the file: it leaves the device as "Player 1".
    assert body["seats"][0] == {"name": "Player 1", "kind": "human"}

    b = new_app()
    click(b, "import", {"file_text": text})
    assert b.screen == "replay" and b.history.replay is not None
    assert b.history.replay.record["actions"] == a.session.record["actions"]  # type: ignore[union-attr]
    assert [s.name for s in b.history.replay.seats] == ["Player 1", "Bot 1"]
    assert b.history.replay.step == 0 and 'id="replay-result"' not in b.render()  # it opens at the deal
    click(b, "replay-go", to="last")
    assert 'id="replay-result"' in b.render()

    body["actions"][3] = {"type": "take", "what": "card"} if body["actions"][3]["type"] != "take" else {"type": "end_turn"}
    c = new_app()
    click(c, "import", {"file_text": json.dumps(body)})
    assert c.screen == "home" and c.notice == CATALOGUES["en"]["history.import_failed"]
    assert "move 4 of the record is not legal" in (c.notice_details or "")  # for a bug report, folded away
    click(c, "import", {"file_text": "<html>not a record</html>"})
    assert "not a game record" in (c.notice_details or "")
    click(c, "import", {"file_too_big": "1"})
    assert c.notice == CATALOGUES["en"]["history.import_too_big"]
    click(c, "import", {"file_text": text})  # a good file then: no word left of the bad one
    assert c.screen == "replay" and c.notice is None and 'id="notice"' not in c.render()


def test_play_shows_the_moves_one_by_one_until_the_end_and_a_step_by_hand_pauses() -> None:
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start")
    play_to_the_end(a)
    click(a, "replay")
    replay = a.history.replay
    assert replay is not None and replay.step == 0 and not replay.playing
    assert '>Play</button>' in a.render()
    click(a, "replay-play")
    assert replay.playing and '>Pause</button>' in a.render()
    assert replay.tick() and replay.step == 1  # the page's clock: one move a tick
    click(a, "replay-go", to="forward")  # a step by hand: the player has taken over
    assert not replay.playing and replay.step == 2 and not replay.tick() and replay.step == 2
    click(a, "replay-play")
    click(a, "replay-play")  # Pause
    assert not replay.playing and replay.step == 2
    click(a, "replay-play")
    click(a, "replay-seek", {"replay_step": "5"})  # so does the slider
    assert not replay.playing and replay.step == 5
    click(a, "replay-play")
    ticks = 0
    while replay.tick():
        ticks += 1
    assert replay.step == replay.last and ticks == replay.last - 6 and not replay.playing
    assert '>Play</button>' in a.render() and 'id="replay-result"' in a.render()
    click(a, "replay-play")  # from the end: it starts over from the deal
    assert replay.playing and replay.step == 0


def test_a_link_opens_the_replay_and_a_broken_one_the_home_screen() -> None:
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start", {"opt_target": "30"})
    play_to_the_end(a)
    click(a, "copy-link")
    kind, fragment = a.effects.pop()
    assert kind == "copy-link" and fragment.startswith("#r=") and len(fragment) < 1500
    a.link_copied("https://x.example/pygames/" + fragment, False)
    html = a.render()
    assert 'id="share-url"' in html and "copy it yourself" in html

    b = new_app()
    b.open_link(fragment)
    assert b.screen == "replay" and b.history.replay is not None and b.history.replay.step == 0
    assert 'data-action="resume"' not in b.render()  # (a shared record: no game of this device's to go back to)
    s = a.session
    assert s is not None
    final = b.history.replay.states[-1]
    assert s.game.to_json(final) == s.game.to_json(s.state)

    c = new_app()
    c.open_link(fragment[:-5])
    assert c.screen == "home" and c.notice is not None and "link" in c.notice.lower()


def test_the_viewer_steps_and_shows_every_hand() -> None:
    s = session("klats", [Seat("Ann", "human"), Seat("Bot", "greedy"), Seat("Cat", "random")], options={"target": 20, "first_player": 0})
    bot = bots.get("greedy", seed=3)
    while not s.game.is_over(s.state):
        s.apply(bot.choose(s.game, s.state))
    r = Replay(s.record, s.seats)
    t = App(CATALOGUES, "en", MemoryStorage()).t
    assert r.step == 0 and r.last == len(s.record["actions"])  # a replay opens at the deal
    html = r.render(t)
    assert 'data-step="0"' in html and html.count('class="hand"') == 3  # every seat's hand, face up
    assert 'name="replay_first" data-action="replay-go" data-to="first" aria-label="To the start" aria-disabled="true"' in html
    for hand, seat in zip(re.findall(r'<div class="hand" aria-label="([^"]+)"', html), ("Bot", "Cat", "Ann")):
        assert seat in hand
    for _ in range(6):  # the rows stay put as the moves go by (the view follows whoever moves)
        r.go("forward")
        assert re.findall(r'<span class="seat-name">([^<]+)</span>', r.render(t)) == ["Bot", "Cat", "Ann"], r.step
    r.go("first")
    r.go("forward")
    r.go("forward")
    r.go("back")
    assert r.step == 1
    r.seek("7")
    assert r.step == 7 and 'value="7"' in r.render(t)
    r.seek("99999")
    assert r.step == r.last
    r.seek("nonsense")
    assert r.step == r.last
    r.go("last")
    assert 'id="replay-result"' in r.render(t)
    # The table and log at a step are exactly the game's state then.
    r.seek(5)
    assert r.session().state == replay(s.record, 5)


@pytest.mark.parametrize("name", ["klats", "zoomagia", "rps_zombie"])
def test_the_viewer_s_log_numbers_the_moves_as_its_slider_counts_them(name: str) -> None:
    """At each step the newest numbered line of the log is that step's move ("Move 18 of 43" was
    line 21 beside it: the lines of a round begun and a card drawn were numbered too); a move's
    further lines, and what the deal said, have no number."""
    s = session(name, [Seat("Ann", "easy"), Seat("Bot", "easy")])
    bot = bots.get("random", seed=5)
    while not s.game.is_over(s.state):
        s.apply(bot.choose(s.game, s.state))
    r = Replay(s.record, s.seats)
    t = App(CATALOGUES, "en", MemoryStorage()).t
    told = 0
    for step in range(r.last + 1):
        r.seek(step)
        log = re.search(r'<aside class="log".*?</aside>', r.render(t), re.S)
        numbers = [int(v) for v in re.findall(r'<li value="(\d+)"', log.group(0))] if log else []
        assert numbers == sorted(set(numbers), reverse=True) and all(1 <= v <= step for v in numbers), (step, numbers)
        if numbers and numbers[0] == step:
            told += 1
    if name != "rps_zombie":  # (whose log panel keeps its latest round for the table to tell)
        assert told >= r.last // 2  # (most moves say something: the newest line is "Move N"'s)


def test_the_viewer_through_the_app() -> None:
    a = new_app()
    click(a, "setup", game="rps_zombie")
    click(a, "start")
    play_to_the_end(a)
    click(a, "replay")
    assert a.screen == "replay" and a.history.replay is not None
    click(a, "replay-go", to="first")
    assert a.history.replay.step == 0
    click(a, "replay-seek", {"replay_step": "2"})
    assert a.history.replay.step == 2 and 'data-step="2"' in a.render()
    click(a, "home")
    assert a.screen == "home"


def test_a_record_that_does_not_lead_to_the_table_is_never_trusted() -> None:
    """A save whose moves do not replay to its state (edited, damaged) offers no undo, replay or link."""
    s = session("zoomagia", YOU_AND_BOT, seed=3)
    s.apply(s.game.legal_actions(s.state)[-1])
    s.record["actions"] = []  # the state moved on, the record did not
    assert check(s).reason == "no_record"
    a = new_app()
    a.session, a.screen = s, "table"
    assert "does not match the game" in a.render()
    s.record["actions"] = [{"type": "end_turn"}]  # not even legal
    assert check(s).reason == "no_record"
    click(a, "replay")
    assert a.screen == "table" and a.flash == CATALOGUES["en"]["history.record_broken"]
    click(a, "copy-link")
    assert not a.effects and a.flash == CATALOGUES["en"]["history.record_broken"]


def test_a_shared_record_says_made_up_names_in_the_viewers_language() -> None:
    ru = new_app()
    click(ru, "lang", lang="ru")
    click(ru, "setup", game="klats")
    click(ru, "add-seat")
    click(ru, "start", {"opt_target": "10", "seat_name_2": "Анна"})
    play_to_the_end(ru)
    click(ru, "copy-link")
    _, fragment = ru.effects.pop()

    en = new_app()
    en.open_link(fragment)
    assert en.history.replay is not None
    assert [s.name for s in en.history.replay.seats] == ["Игрок 1", "Бот 1", "Анна"]  # the record as sent
    html = en.render()
    names = html[html.index('<p class="replay-players">'):]
    assert names.startswith('<p class="replay-players">Player 1 · Bot 1 · Анна</p>')  # a typed name stays
    click(en, "lang", lang="ru")
    assert '<p class="replay-players">Игрок 1 · Бот 1 · Анна</p>' in en.render()
    # The player's own game, replayed on the device, keeps its own names ("You" is the player).
    click(ru, "replay")
    assert '<p class="replay-players">Вы · Бот 1 · Анна</p>' in ru.render()


def two_tabs(game: str) -> tuple[App, App, MemoryStorage]:
    """A game started in one tab, and the site opened in a second tab of the same browser."""
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    click(a, "setup", game=game)
    click(a, "start")
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    return a, b, storage


def test_a_game_moved_on_in_another_tab_is_taken_up_here_not_overwritten() -> None:
    from pygames_ui.keeping import saved_elsewhere
    from pygames_ui.saves import SAVE_KEY

    a, b, storage = two_tabs("zoomagia")
    assert b.session is not None and b.screen == "table"
    b.play(b.ctx().legal[0])  # type: ignore[union-attr]
    moves = len(b.session.record["actions"])
    assert saved_elsewhere(a, SAVE_KEY)  # the browser tells the first tab
    assert a.session is not None and len(a.session.record["actions"]) == moves
    assert a.notice == CATALOGUES["en"]["notice.other_tab"]
    if a.bots_pending():  # … whose next move goes on from there (a bot's or the player's)
        a.step_bot()
    else:
        a.play(a.ctx().legal[0])  # type: ignore[union-attr]
    assert len(json.loads(storage.getItem(SAVE_KEY))["record"]["actions"]) == moves + 1  # type: ignore[arg-type]
    click(a, "rules", game="zoomagia")
    assert saved_elsewhere(a, SAVE_KEY) and a.screen == "rules"  # (taken up where the player is)
    assert not saved_elsewhere(a, "pygames.something.else")
    click(a, "resume")
    click(b, "setup", game="klats")  # that tab starts another game in its place: said so here
    click(b, "start")
    assert saved_elsewhere(a, SAVE_KEY) and a.session is not None and a.session.game.name == "klats"
    assert a.notice == CATALOGUES["en"]["notice.other_tab_new"]


def test_a_second_tab_hosting_friends_is_not_taken_up_as_a_second_host() -> None:
    """Another tab of this browser starts hosting friends: this one does not take that game up (it
    would make them new invites) nor keep its own stale copy (its next move would overwrite the
    hosted game): it gives its game up, and says where it is played. A tab that would host the
    same game a second time (the saved game taken up at its boot) is refused by the other tab's
    host lock (p2p.js ``hold``) and gives it up too, leaving the save alone."""
    from pygames_ui.devices import play
    from pygames_ui.keeping import saved_elsewhere
    from pygames_ui.saves import SAVE_KEY

    a, b, storage = two_tabs("klats")
    click(b, "setup", game="klats")
    click(b, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})  # that tab hosts a friend now
    assert b.room is not None
    assert saved_elsewhere(a, SAVE_KEY) and a.session is None and a.room is None and a.screen == "home"
    assert a.notice == CATALOGUES["en"]["notice.hosted_elsewhere"]
    saved = storage.getItem(SAVE_KEY)
    c = App(CATALOGUES, "en", storage, seed=1)  # a third tab opens: the hosted game, taken up …
    c.boot()
    assert c.room is not None and c.session is not None
    play.hosted_elsewhere(c)  # … until the host lock is refused it
    assert c.room is None and c.session is None and c.screen == "home" and storage.getItem(SAVE_KEY) == saved
    assert 'id="notice"' in c.render() and c.hang_ups == [("p2p-close", 1)]  # (the invite it was making is dropped)
    # "Continue" would only say it again while the notice says where the game is; the notice put
    # away (that tab closed, say), the game is one tap away.
    assert 'data-action="resume-saved"' not in c.render()
    click(c, "dismiss-notice")
    assert 'data-action="resume-saved"' in c.render()
    click(c, "resume-saved")
    assert c.session is not None and c.room is not None and c.screen == "table"


def test_a_tab_refused_the_host_lock_puts_back_the_hosted_game_it_saved_over() -> None:
    """A second tab starts its own game with friends: saved at once over the game the first tab
    hosts, then refused the host lock. The hosted game's save comes back (a reload of the first
    tab would have resumed the second's abandoned game)."""
    from pygames_ui.devices import play
    from pygames_ui.saves import SAVE_KEY

    a, b, storage = two_tabs("klats")
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    hosted = storage.getItem(SAVE_KEY)
    click(b, "setup", game="zoomagia")
    click(b, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    assert b.room is not None and storage.getItem(SAVE_KEY) != hosted
    play.hosted_elsewhere(b)
    assert storage.getItem(SAVE_KEY) == hosted and b.session is None


def test_a_tab_s_own_game_replaced_by_a_hosted_one_is_given_up_and_said_so() -> None:
    """A game with friends started in another tab took the save: this tab's own game, kept, would
    save over it at its next move (and the hosting tab ignores others' saves): the hosted game
    keeps the save, and this tab says what happened."""
    from pygames_ui.keeping import saved_elsewhere
    from pygames_ui.saves import SAVE_KEY

    a, b, storage = two_tabs("klats")
    click(b, "setup", game="zoomagia")
    click(b, "start")
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    hosted = storage.getItem(SAVE_KEY)
    assert saved_elsewhere(b, SAVE_KEY) and b.session is None
    assert b.notice == CATALOGUES["en"]["notice.replaced_elsewhere"] and storage.getItem(SAVE_KEY) == hosted


def test_a_record_too_long_to_show_is_said_and_the_saved_game_stays() -> None:
    """A legal record of more moves than the viewer opens (a crafted Клац! match that never ends
    took gigabytes to show): a notice, the saved game untouched; the form offers targets of at
    most 1,000 (a match that long is some 2,300 moves at six)."""
    import random

    from pygames_core import record_codec
    from pygames_ui.history import MAX_SHOWN_MOVES
    from pygames_ui.saves import SAVE_KEY
    from pygames_ui.tables.klats import KlatsTable

    g = games.get("klats")
    state = g.new_game(6, seed=3, options={"target": 10_000, "first_player": 0})
    record = new_record("klats", 6, 3, {"target": 10_000, "first_player": 0})
    rng = random.Random(3)
    while len(record["actions"]) <= MAX_SHOWN_MOVES:
        action = rng.choice(g.legal_actions(state))
        state = g.apply_unchecked(state, action)
        record["actions"].append(action)
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start")
    a.play(a.ctx().legal[0])  # type: ignore[union-attr]
    saved = a.storage.getItem(SAVE_KEY)
    a.open_link("#r=" + record_codec.to_link(record))
    assert a.screen == "home" and a.notice == CATALOGUES["en"]["history.link_failed"]
    assert f"at most {MAX_SHOWN_MOVES}" in (a.notice_details or "") and a.storage.getItem(SAVE_KEY) == saved
    assert KlatsTable().read_options({"opt_target": "10000"}, 6)["target"] == 1000
