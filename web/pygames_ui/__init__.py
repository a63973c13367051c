"""pygames_ui – the thin Python-to-DOM layer of the site.

Shared machinery lives here once (``dom``, ``i18n``, ``store``, ``session``,
``app``); each game's table – how its ``view`` becomes HTML and how clicks
become actions – lives in ``tables/<game>.py``.  Nothing here knows a rule: the
engine's ``legal_actions`` decides what is clickable.

Only ``dom.py`` and ``main.py`` touch the browser, so everything else runs
(and is unit-tested) on plain CPython too.
"""
