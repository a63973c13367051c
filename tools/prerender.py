"""The screens a first visit can use before Python is ready, rendered at build time.

A first visit on a phone's network waits many seconds for the interpreter. The home
screen, every game's rules page and every new-game form need nothing from a saved
game, so the build renders them here, on CPython, with the very app the page runs
(``pygames_ui.app.App``: the same renderer, the same catalogues, no second copy of
any text), in both languages. ``web/prepage.js`` shows the one the address asks for
at once and moves between them on clicks; when Python is ready its first render of
the same screen writes the same HTML, so the hand-over shows no flash.

Each screen is keyed by its address (:mod:`pygames_ui.routes`): ``#/`` for home,
``#/rules/<game>``, ``#/new/<game>``.
"""

from __future__ import annotations

import html
import json
from typing import Any

from pygames_core import games
from pygames_ui.app import App
from pygames_ui.i18n import LANGS
from pygames_ui.routes import HOME, Route
from pygames_ui.session import MemoryStorage


def routes() -> list[Route]:
    """Every screen that can be drawn with no game at the table, home first."""
    out = [HOME]
    for name in games.names():
        out += [Route("rules", name), Route("setup", name)]
    return out


def _open(app: App, route: Route) -> None:
    """Bring ``app`` to ``route`` the way a player does: by clicking from the home screen."""
    app.click({"action": "home"}, {})
    if route.screen == "rules":
        app.click({"action": "rules", "game": str(route.game)}, {})
    elif route.screen == "setup":
        app.click({"action": "setup", "game": str(route.game)}, {})


def render_all(catalogues: dict[str, dict[str, Any]]) -> dict[str, dict[str, str]]:
    """``{lang: {fragment: html}}`` for every language and every screen of :func:`routes`.

    A fresh app with empty storage per language: nothing of any player's game can be in
    what the build ships.
    """
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        app = App(catalogues, lang, MemoryStorage())
        app.boot()
        screens: dict[str, str] = {}
        for route in routes():
            _open(app, route)
            if app.screen != route.screen:
                raise RuntimeError(f"prerender: opening {route} showed the {app.screen!r} screen")
            screens[route.fragment()] = app.render()
        out[lang] = screens
    return out


#: Catalogue keys ``web/prepage.js`` says itself (carried by each language's home template).
EARLY_WORDS = ("early.starting", "early.kept", "early.replay.one", "early.replay.few", "early.replay.many", "early.invite")


def game_facts(lang: str) -> dict[str, dict[str, Any]]:
    """What ``prepage.js`` needs to read the head of a replay link: each game's title in
    ``lang`` and the kinds of its options in the record's order (``pygames_core.record_codec``
    writes an int or a bool as a number, a str with its length)."""
    facts = {}
    for name in games.names():
        game = games.get(name)
        kinds = ["str" if isinstance(v, str) else "num" for v in game.option_defaults.values()]
        facts[name] = {"title": game.title[lang], "options": kinds}
    return facts


def templates(rendered: dict[str, dict[str, str]], catalogues: dict[str, dict[str, Any]]) -> str:
    """The screens as inert ``<template>`` elements for ``index.html`` (parsed, never run).

    Each language's home template also carries, as ``data-pre-words``, the few catalogue
    sentences ``prepage.js`` shows itself, so no text is written twice.
    """
    parts = []
    for lang, screens in rendered.items():
        for fragment, body in screens.items():
            extra = ""
            if fragment == HOME.fragment():
                said = {key: catalogues[lang][key] for key in EARLY_WORDS}
                extra = (f' data-pre-words="{html.escape(json.dumps(said, ensure_ascii=False))}"'
                         f' data-pre-games="{html.escape(json.dumps(game_facts(lang), ensure_ascii=False))}"')
            parts.append(f'<template data-pre-lang="{lang}" data-pre-route="{html.escape(fragment)}"{extra}>'
                         f"{body}</template>")
    return "\n".join(parts)
