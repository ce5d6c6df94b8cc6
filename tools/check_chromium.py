"""Find the Chromium the end-to-end tests drive, or get one.

In order: $CHROMIUM (must exist if set), Debian's headless shell
/usr/bin/chromium-headless-shell, Debian's /usr/bin/chromium, then Playwright's own Chromium
in .venv/playwright-browsers, which `main()` downloads when it is not there yet
(`python -m playwright install chromium`). e2e/conftest.py asks `find_chromium()` too.

The headless shell is the same Blink and V8 without the desktop browser around them; the
browser tests take about 14% less CPU in it (figures in docs/testing.md). `make bench` and
`make gallery`, which measure and picture what a player sees, ask for the full browser first.

    python tools/check_chromium.py      # prints the browser's path, or how to get one
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYSTEM_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"  # Debian's package chromium-headless-shell
BROWSERS = os.path.join(ROOT, ".venv", "playwright-browsers")  # the project's, not ~/.cache


def _exists(path: str) -> bool:
    return os.path.isfile(path) or shutil.which(path) is not None


def playwright_chromium() -> str:
    """Where Playwright's own Chromium is (or would be) under BROWSERS."""
    env = {**os.environ, "PLAYWRIGHT_BROWSERS_PATH": os.environ.get("PLAYWRIGHT_BROWSERS_PATH", BROWSERS)}
    # A child process, so the caller's own Playwright (pytest's) keeps its environment.
    code = "from playwright.sync_api import sync_playwright as p\nwith p() as pw: print(pw.chromium.executable_path)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    return out.stdout.strip()


def find_chromium(shell_first: bool = True) -> str | None:
    """The browser to launch; with `shell_first` false, the full browser ahead of the shell."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"] if _exists(os.environ["CHROMIUM"]) else None
    order = (HEADLESS_SHELL, SYSTEM_CHROMIUM) if shell_first else (SYSTEM_CHROMIUM, HEADLESS_SHELL)
    for path in order:
        if _exists(path):
            return path
    own = playwright_chromium()
    return own if own and os.path.isfile(own) else None


def main() -> int:
    found = find_chromium()
    if found:
        print(f"Chromium for the browser tests: {found}")
        return 0
    if os.environ.get("CHROMIUM"):
        print(f"CHROMIUM={os.environ['CHROMIUM']} does not exist; unset it to use {HEADLESS_SHELL}, "
              f"{SYSTEM_CHROMIUM} or Playwright's own Chromium", file=sys.stderr)
        return 1
    print(f"Neither {HEADLESS_SHELL} nor {SYSTEM_CHROMIUM} found: downloading Playwright's Chromium into "
          f"{os.path.relpath(BROWSERS, ROOT)}/ (a large download, once)", flush=True)
    env = {**os.environ, "PLAYWRIGHT_BROWSERS_PATH": os.environ.get("PLAYWRIGHT_BROWSERS_PATH", BROWSERS)}
    result = subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], env=env)
    found = find_chromium() if result.returncode == 0 else None
    if found:
        print(f"Chromium for the browser tests: {found}")
        return 0
    print(
        "\nThe browser tests need Chromium, and none could be found or downloaded"
        f" (playwright install exited {result.returncode}).\n"
        "  Debian/Ubuntu: sudo apt-get install chromium-headless-shell   (then run make test again)\n"
        "  any browser build of Chromium: CHROMIUM=/path/to/chrome make test\n"
        "  or, where downloads work: .venv/bin/python -m playwright install chromium",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
