"""A fixed walk through the app that records every screen it shows, for the golden test.

Each title, in both languages, is played from the home screen as players do: the rules,
the new-game form, a game of one person against bots (with a hint and a searching bot's
"thinking" line), a pass-and-play game of two people and a bot (pass screens, turn
banners), round summaries, the end of the game and the replay viewer. Every step records
the HTML :meth:`App.render` returns and the announcement a screen reader would hear.

``python tests/web/golden_walk.py --write`` rewrites ``golden/*.json.gz`` (only when a change
of the HTML is meant; the golden test then shows what changed).
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, ROOT / "web", HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from pygames_core import games  # noqa: E402
from pygames_ui import thinking  # noqa: E402
from pygames_ui.app import App  # noqa: E402
from pygames_ui.i18n import LANGS, merge_catalogues  # noqa: E402
from pygames_ui.session import MemoryStorage  # noqa: E402

GOLDEN = HERE / "golden"
TITLES = ("klats", "zoomagia", "rps_zombie")
CATALOGUES = merge_catalogues(ROOT / "web" / "i18n")
#: Screens recorded per game played (the start, and then every n-th step, and every summary).
EVERY = 5
HINT_ITERATIONS = 40


class Recorder:
    def __init__(self, app: App) -> None:
        self.app = app
        self.shots: list[dict[str, Any]] = []

    def shot(self, label: str) -> None:
        html = self.app.render()
        self.shots.append({"label": label, "html": html, "said": self.app.announcement()})

    def click(self, action: str, values: dict[str, str] | None = None, **data: object) -> None:
        self.app.click({"action": action, **{k: str(v) for k, v in data.items()}}, values or {})


def _form_values(kinds: list[str], names: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, (kind, name) in enumerate(zip(kinds, names)):
        out[f"seat_kind_{i}"], out[f"seat_name_{i}"] = kind, name
    return out


def _play(rec: Recorder, rng: random.Random, label: str, hint_once: bool) -> None:
    """Play the game at the table to its end, recording screens along the way."""
    a = rec.app
    s = a.session
    assert s is not None
    hinted = not hint_once
    thoughts = 0
    for step in range(5000):
        if s.game.is_over(s.state):
            rec.shot(f"{label}: over")
            return
        if a.interlude() is not None:
            rec.shot(f"{label}: interlude {step}")
            rec.click("dismiss")
            continue
        if a.pass_to() is not None:
            rec.shot(f"{label}: pass {step}")
            rec.click("show-hand")
            continue
        if a.bots_pending():
            request = a.bot_request()
            if request is not None:
                if thoughts < 2:
                    rec.shot(f"{label}: thinking {step}")
                thoughts += 1
                a.bot_answered(thinking.think({**request, "iterations": 30}))
            else:
                a.step_bot()
            continue
        ctx = a.ctx()
        assert ctx is not None and ctx.my_turn
        if not hinted:
            request = a.hint_request()
            assert request is not None
            rec.shot(f"{label}: hint asked")
            a.hint_answered(thinking.think({**request, "iterations": HINT_ITERATIONS}))
            rec.shot(f"{label}: hint")
            hinted = True
        if step % EVERY == 0:
            rec.shot(f"{label}: step {step}")
        a.play(rng.choice(ctx.legal))
    raise AssertionError("the game did not end")


def walk(title: str, lang: str) -> list[dict[str, Any]]:
    """Every screen of the fixed walk for ``title`` in ``lang``."""
    app = App(CATALOGUES, lang, MemoryStorage(), seed=7)
    app.boot()
    rec = Recorder(app)
    rng = random.Random(f"{title}:{lang}")
    rec.shot("home")
    rec.click("rules", game=title)
    rec.shot("rules")
    rec.click("back")
    rec.click("setup", game=title)
    rec.shot("setup")
    rec.click("menu")
    rec.shot("menu open")
    rec.click("menu")
    # One person against a Hard bot (its "thinking" line) and a Medium one, where the game seats three.
    game = games.get(title)
    kinds = ["human", "hard"] + (["medium"] if game.max_players >= 3 else [])
    names = ["Вы" if lang == "ru" else "You", "Bot 1", "Bot <2>"][: len(kinds)]
    for _ in kinds[2:]:
        rec.click("add-seat", _form_values(kinds[:2], names[:2]))
    rec.shot("setup, seats added")
    rec.click("start", _form_values(kinds, names))
    _play(rec, rng, "vs bots", hint_once=True)
    rec.click("close-results")
    rec.shot("results closed")
    rec.click("replay")
    rec.shot("replay start")
    rec.click("replay-go", to="forward")
    rec.click("replay-go", to="forward")
    rec.shot("replay step 2")
    rec.click("replay-go", to="last")
    rec.shot("replay end")
    rec.click("home")
    rec.shot("home after")
    # Two people sharing the device and an Easy bot.
    rec.click("setup", game=title)
    kinds = ["human", "human", "easy"]
    names = ["Anna", "Борис & Co", "Bot"]
    rec.click("add-seat", _form_values(kinds[:2], names[:2]))
    rec.click("start", _form_values(kinds, names))
    rec.shot("pass-and-play start")
    rec.click("undo")
    rec.shot("undo refused or done")
    _play(rec, rng, "pass-and-play", hint_once=False)
    rec.click("again")
    rec.shot("again")
    rec.click("lang", lang="en" if lang == "ru" else "ru")
    rec.shot("language switched")
    return rec.shots


def path(title: str, lang: str) -> Path:
    return GOLDEN / f"{title}.{lang}.json.gz"


def read(title: str, lang: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(gzip.decompress(path(title, lang).read_bytes()))
    return data


def write() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for title in TITLES:
        for lang in LANGS:
            shots = walk(title, lang)
            text = json.dumps(shots, ensure_ascii=False, indent=0)
            path(title, lang).write_bytes(gzip.compress(text.encode(), mtime=0))
            print(f"{path(title, lang).name}: {len(shots)} screens, {path(title, lang).stat().st_size:,} bytes")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    write()
