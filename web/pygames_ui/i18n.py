"""Message catalogues (``web/i18n/<lang>/*.json``, shipped merged as ``i18n/<lang>.json``) and the ``t(key, **fields)`` lookup."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

LANGS = ("ru", "en")


def merge_catalogues(folder: Path) -> dict[str, dict[str, Any]]:
    """Merge ``folder/<lang>/*.json`` into one dict per language: common.json, one file per
    game, and one per part of the app (assist, bots, devices, history, site, tutorial).

    Used by the build (which ships ``i18n/<lang>.json``) and by the tests.
    A key defined in two files, or twice in one (JSON would keep the last silently), is an error.
    """
    def once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise ValueError(f"keys defined twice: {twice[:5]}")
        return dict(pairs)

    out: dict[str, dict[str, Any]] = {}
    for lang in LANGS:
        merged: dict[str, Any] = {}
        for path in sorted((folder / lang).glob("*.json")):
            try:
                part = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=once)
            except ValueError as exc:
                raise ValueError(f"{path}: {exc}") from None
            clash = sorted(set(part) & set(merged))
            if clash:
                raise ValueError(f"{path}: keys defined twice: {clash[:5]}")
            merged.update(part)
        out[lang] = merged
    return out



#: The minus sign shown to players (U+2212): a hyphen is a dash, not a minus.
MINUS = "\u2212"


def num(n: int) -> str:
    """An integer as players read it: ``-3`` is written with a true minus sign, ``−3``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)

#: A letter written right to left (Hebrew, Arabic and the other scripts of those blocks).
RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]")


def isolate(text: str) -> str:
    """``text`` set apart from the sentence around it (first-strong isolate … pop directional
    isolate) if it holds right-to-left letters: "42 — אברהם" stays in that order, not "אברהם — 42",
    and a sentence in Russian or English keeps its own direction. Other text is left as it is."""
    # (isascii is a flag CPython keeps on each string: most fields, numbers and English, stop there)
    return f"\u2068{text}\u2069" if not text.isascii() and RIGHT_TO_LEFT.search(text) else text


class I18n:
    """Looks keys up in the current language, falling back to English, then to the key itself.
    A field that holds right-to-left letters (a name a player typed) is set apart (:func:`isolate`)."""

    def __init__(self, catalogues: dict[str, dict[str, Any]], lang: str = "en") -> None:
        self.catalogues = catalogues
        self.lang = lang if lang in catalogues else "en"

    def raw(self, key: str) -> Any:
        for lang in (self.lang, "en"):
            cat = self.catalogues.get(lang, {})
            if key in cat:
                return cat[key]
        return key

    def __call__(self, key: str, **fields: Any) -> str:
        text = self.raw(key)
        if not isinstance(text, str):
            return key
        if fields:
            try:
                return text.format(**{k: num(v) if type(v) is int else isolate(v) if type(v) is str else v
                                      for k, v in fields.items()})
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def names_and(self, names: list[str]) -> str:
        """``Anna``, ``Anna and Boris``, ``Anna, Boris and Clara`` (as safe as the names given)."""
        if len(names) <= 1:
            return "".join(names)
        return self("names.and", who=", ".join(names[:-1]), whom=names[-1])

    def plural(self, key: str, n: int, **fields: Any) -> str:
        """Pick ``key.one``/``key.few``/``key.many`` (Russian rules) or ``key.one``/``key.many`` (English)."""
        if self.lang == "ru":
            n10, n100 = n % 10, n % 100
            form = "one" if n10 == 1 and n100 != 11 else "few" if 2 <= n10 <= 4 and not 12 <= n100 <= 14 else "many"
        else:
            form = "one" if n == 1 else "many"
        return self(f"{key}.{form}", n=n, **fields)
