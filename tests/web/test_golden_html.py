"""The HTML of a fixed walk through every title, in both languages, for several viewers, is
byte-identical to the recorded one (``golden/``): a change of the web layer's structure must
not change what any player sees or hears. ``golden_walk.py --write`` records a meant change."""

from __future__ import annotations

import difflib

import golden_walk
import pytest

from pygames_ui.i18n import LANGS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", golden_walk.TITLES)
def test_screens_are_as_recorded(title: str, lang: str) -> None:
    expected = golden_walk.read(title, lang)
    shots = golden_walk.walk(title, lang)
    assert [s["label"] for s in shots] == [s["label"] for s in expected]
    for got, want in zip(shots, expected):
        if got != want:
            diff = "\n".join(difflib.unified_diff(want["html"].split("><"), got["html"].split("><"), lineterm="", n=1))
            pytest.fail(f"{title}/{lang} at {got['label']!r}: said {got['said']!r} (recorded {want['said']!r})\n{diff[:3000]}")
