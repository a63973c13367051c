"""Screen addresses: every route survives a round trip; anything else is refused, never guessed."""

from __future__ import annotations

import pytest

from pygames_ui.routes import HOME, MAX_FRAGMENT, SCREENS, Route, Trail, parse

GAMES = ("klats", "zoomagia", "rps_zombie")


@pytest.mark.parametrize("route", [
    HOME, Route("table"), Route("replay"),
    *(Route("rules", g) for g in GAMES), *(Route("setup", g) for g in GAMES),
])
def test_round_trip(route: Route) -> None:
    assert parse(route.fragment(), GAMES) == route


def test_addresses_read_as_words() -> None:
    assert Route("rules", "klats").fragment() == "#/rules/klats"
    assert Route("setup", "zoomagia").fragment() == "#/new/zoomagia"
    assert Route("table").fragment() == "#/play"
    assert HOME.fragment() == "#/"
    assert parse("#/", GAMES) == parse("", GAMES) == parse("#", GAMES) == HOME


@pytest.mark.parametrize("fragment", [
    "#r=abc", "#/rules/chess", "#/rules", "#/new/", "#/play/klats", "#/nowhere", "rules/klats",
    "#/rules/klats/extra", "#/" + "a" * MAX_FRAGMENT, "#/RULES/klats",
])
def test_not_an_address(fragment: str) -> None:
    assert parse(fragment, GAMES) is None


def test_every_screen_has_an_address() -> None:
    shown = {HOME, Route("table"), Route("replay"), Route("rules", "klats"), Route("setup", "klats")}
    assert {r.screen for r in shown} == set(SCREENS)
    assert len({r.fragment() for r in shown}) == len(shown)


def test_the_trail_pushes_new_screens_and_steps_back_to_the_one_before() -> None:
    trail = Trail("#/")
    assert trail.moved_to("#/rules/klats") == ("push", "#/rules/klats")
    assert trail.moved_to("#/rules/klats") is None
    assert trail.moved_to("#/") == ("back", "#/")  # the rules' own Back button: the browser's back
    assert not trail.popped("#/")  # the pop that back() causes is ours
    assert trail.popped("#/rules/klats") and trail.here == "#/rules/klats" and not trail.restarted  # Forward
    assert trail.popped("#/") and trail.here == "#/" and not trail.restarted  # Back
    assert trail.moved_to("#/new/zoomagia") == ("push", "#/new/zoomagia")  # forward history is dropped
    assert trail.entries == ["#/", "#/new/zoomagia"]


def test_an_address_from_elsewhere_starts_the_trail_again() -> None:
    trail = Trail("#/play")
    trail.moved_to("#/rules/klats")
    assert trail.popped("#/new/rps_zombie") and trail.entries == ["#/new/rps_zombie"] and trail.restarted
