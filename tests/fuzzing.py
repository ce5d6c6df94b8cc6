"""Hypothesis settings for hostile input: a fixed sample in the default run (derandomized, so
a run is repeatable), thousands of fresh examples in `make soak` (HYPOTHESIS_PROFILE=soak)."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"


def hostile(sample: int, soak: int, **more: Any) -> settings:
    return settings(max_examples=soak if SOAK else sample, derandomize=not SOAK, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large], **more)
