"""Shared test set-up: Hypothesis profiles ``dev`` (fast, the default) and ``ci`` (thorough).

``HYPOTHESIS_PROFILE=ci`` (which ``.ci/run`` exports) also lengthens the seeded random-play run of
``tests/test_long_play.py`` from ``STEPS_LOCAL`` to ``STEPS_CI`` steps; ``BRAWL_LONG_PLAY_STEPS``
sets the number of steps directly.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
