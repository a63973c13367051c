"""pygames_ui – the thin Python-to-DOM layer of the site.

Shared machinery lives here once (``dom``, ``i18n``, ``store``, ``session``,
``app``); each game's table – how its ``view`` becomes HTML and how clicks
become actions – lives in ``tables/<game>.py``.  Nothing here knows a rule: the
engine's ``legal_actions`` decides what is clickable.

Only ``web/main.py`` reaches the page at import; ``focus.py`` and ``motion.py``
work on the DOM objects they are handed, so every module here imports (and is
unit-tested) on plain CPython too, and the snapshot worker imports them all.
"""
