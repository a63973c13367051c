"""pygames_ui – the thin Python-to-DOM layer of the site.

Shared machinery lives here once (``dom``, ``i18n``, ``saves``, ``session``,
``app``); each game's table – how its ``view`` becomes HTML and how clicks
become actions – lives in ``tables/<game>.py``.  Nothing here knows a rule: the
engine's ``legal_actions`` decides what is clickable.

Only the page layer (``web/main.py`` and its ``web/page_*.py``) reaches the page at
import; ``focus.py`` and ``motion.py`` work on the DOM objects they are handed, and
``lazy_stdlib.py`` asks the browser for the standard library's second zip: these three
import the FFI only when they run. So every module here imports (and is unit-tested)
on plain CPython too, and the snapshot worker imports them all.
"""
