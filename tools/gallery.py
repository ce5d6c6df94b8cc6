"""Screenshots of every game's table, to look at after a change a player can see.

    make gallery        (or: python tools/gallery.py [--out e2e/artifacts/gallery] [game ...])

For each game at 1280x800 and 390x844: the start of a game against computers, a decision
with a piece chosen, a move caught while it animates, and the end summary of a game the
computers play to the end. Served on loopback by tools/serve.py; Chromium as in the e2e tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from check_chromium import find_chromium  # noqa: E402
from serve import make_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# game -> (players against computers, players in the computers' game to the end)
GAMES = {"hack-and-slash": (3, 3), "horrible-hex": (2, 2), "hex-hex": (4, 3), "hex-please": (3, 2)}
YOUR_TURN = ("() => /your turn/i.test(document.getElementById('turn').textContent)"
             " && !document.getElementById('board').classList.contains('thinking')")


def settings(page: Page, speed: float) -> None:
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify("
                         f"{{speed: {speed}, ask_to_pass: true}})) }} catch (e) {{}}")


def table(browser: Browser, url: str, size: tuple[int, int], speed: float) -> Page:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    settings(page, speed)
    page.goto(url)
    page.wait_for_selector("body.ready", state="attached", timeout=120_000)
    return page


def shoot_play(browser: Browser, base: str, game: str, tag: str, size: tuple[int, int], out: Path) -> None:
    players = GAMES[game][0]
    page = table(browser, f"{base}?game={game}&seats={players}&bots={players - 1}&level=normal&seed=gallery",
                 size, 1.0)
    page.wait_for_function(YOUR_TURN, timeout=120_000)
    page.screenshot(path=str(out / f"{game}-{tag}-1-start.png"))
    choosing = page.locator("#board [data-ui]:not([data-ui=''])")
    if choosing.count():
        choosing.first.click()
        page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"{game}-{tag}-2-decision.png"))
    acts = page.locator("#board [data-action]")
    if acts.count():
        acts.first.click()
        page.wait_for_timeout(120)
        page.screenshot(path=str(out / f"{game}-{tag}-3-motion.png"))
    page.close()


def shoot_end(browser: Browser, base: str, game: str, out: Path) -> None:
    players = GAMES[game][1]
    page = table(browser, f"{base}?game={game}&seats={players}&bots={players}&level=easy&seed=gallery-end",
                 SIZES["desktop"], 0.0)
    page.wait_for_selector("#summary:not([hidden])", timeout=600_000)
    page.wait_for_timeout(500)
    for tag, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        page.locator("#summary").scroll_into_view_if_needed()
        page.screenshot(path=str(out / f"{game}-{tag}-4-end.png"))
    page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--out", default=str(ROOT / "e2e" / "artifacts" / "gallery"))
    parser.add_argument("--site", default=str(ROOT / "site"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SERVE_QUIET", "1")
    server = make_server(args.site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    start = time.perf_counter()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(shell_first=False), args=FLAGS)  # as players see it
        try:
            for game in args.games:
                for tag, size in SIZES.items():
                    shoot_play(browser, base, game, tag, size, out)
                shoot_end(browser, base, game, out)
                print(f"{game}: done ({time.perf_counter() - start:.0f} s)")
        finally:
            browser.close()
            server.shutdown()
    print(f"gallery in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
