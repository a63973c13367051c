"""Shared test settings.

Under CI (``CI=true``) hypothesis runs derandomized: the same examples every run,
so a landing never depends on luck.  Locally it explores new examples each run
(and remembers failures in .hypothesis/).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
