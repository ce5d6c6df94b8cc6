"""Say how to get Chromium when the end-to-end tests cannot find it."""

import os
import shutil
import sys

path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
if not (os.path.isfile(path) or shutil.which(path)):
    sys.exit(
        f"Chromium was not found at {path}; the end-to-end tests need it.\n"
        "  Debian/Ubuntu: sudo apt-get install chromium\n"
        "  elsewhere:     .venv/bin/python -m playwright install chromium, then\n"
        "                 CHROMIUM=$(.venv/bin/python -c 'from playwright.sync_api import sync_playwright as p; "
        "print(p().start().chromium.executable_path)') make test"
    )
