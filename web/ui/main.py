# Entry point PyScript runs (tools/build_site.py writes it into index.html); the work is in app.py.
import gc
import random
import time

import js

# Where our Python begins on the page's timeline: tools/bench.py compares it with the bare
# PyScript page's, which tells the time before our Python runs from the time spent in it.
js.performance.mark("hex:main")

# A start from a memory snapshot (web/start.mjs) resumes the modules as they were when it was
# made, seeded state included: reseed from the system, so no two visits share "random" draws,
# and read the time zone again.
random.seed()
if hasattr(time, "tzset"):
    time.tzset()

# Before anything of ours defines a dataclass (dataclass_code.py says why).
import dataclass_code  # noqa: E402

dataclass_code.install()

# The start makes few cycles, and a collection in the middle of it took 7-15 ms. What it
# makes lives as long as the page, so later collections need not look at it again.
gc.disable()
import app  # noqa: E402
import gamefiles  # noqa: E402

try:
    gamefiles.install()
    app.App().start()
finally:  # a start that fails still leaves the page a collector
    gc.freeze()
    gc.enable()
