import os
import sys

from hypothesis import HealthCheck, settings

# Test the source tree, not an installed copy.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# No clock in ordinary tests (speed targets live in `make bench`): Hypothesis's per-example
# deadline and its too-slow check fail a correct test on a busy 2-core machine. A test's own
# @settings still overrides these defaults.
settings.register_profile("unclocked", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("unclocked")


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true",
                     help="rewrite tests/golden/ from the current behaviour (then read the diff)")
