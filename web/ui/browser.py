"""Small helpers over the DOM, so the controller reads as what it does, not how."""

from __future__ import annotations

import asyncio
import time
import traceback
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeGuard

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from pygame_core.markup import Markup

# No JavaScript object is kept at import: the build imports this module on Node to make the
# start-up snapshot (tools/make_snapshot.mjs), which holds Python's memory, not the page's objects.
_proxies: list[Any] = []  # kept alive for as long as the page lives
# Wrapped once, at first use: each object the page hands to Python costs some microseconds to
# wrap (more on a phone), and a tap asked for the page's elements by id about fifteen times.
_globals: dict[str, Any] = {}   # the page's own (document, window, its scripts' objects)
_media: dict[str, Any] = {}     # media query lists, which follow changes by themselves
_elements: dict[str, Any] = {}  # by id, asked for again once one has left the page


def present(value: Any) -> TypeGuard[Any]:
    """True for a real value: the DOM's `null` arrives in Python as `jsnull`, not None."""
    return value is not None and value is not jsnull


def page_global(name: str) -> Any:
    """One of the page's globals (`document`, a page script's `hexPatch`), None if missing."""
    found = _globals.get(name)
    if found is None:
        found = getattr(js, name, None)
        if present(found):
            _globals[name] = found
    return found if present(found) else None


def el(element_id: str) -> Any:
    node = _elements.get(element_id)
    if node is not None and node.isConnected:
        return node
    node = page_global("document").getElementById(element_id)
    if present(node):
        _elements[element_id] = node
    return node


def active_element() -> Any:
    return page_global("document").activeElement


def css_escape(text: str) -> str:
    """`text` as a CSS identifier or string's content, for a selector."""
    return str(page_global("CSS").escape(text))


def on(target: Any, event: str, handler: Callable[[Any], Any]) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def set_html(node: Any, markup: Markup) -> None:
    """The only way this page puts markup into the document: it must be `Markup`, which is
    built with text escaped (pygame_core.markup), never a string put together by hand."""
    node.innerHTML = _checked(markup)


def patch_html(node: Any, markup: Markup, prepare: Any | None = None) -> None:
    """Like `set_html`, but only what differs from the new markup changes (web/patch.mjs): a
    board redrawn after a move keeps its other elements, so the browser lays out and paints
    what changed, not the whole board. Replaces, like `set_html`, where that script is missing.
    A glide still running stops (see animate_pieces); the script looks for one only while
    the last glide started in this box may still run (asking makes the browser work out the
    page's styles at once). `prepare`, a page function, is given the new markup's elements
    before they are compared with what is drawn (roving.settle_hook)."""
    patch = page_global("hexPatch")
    if patch is not None:
        gliding = time.monotonic() < _glides_until.get(str(node.id), 0.0)
        patch.html(node, _checked(markup), gliding, prepare)
    else:
        set_html(node, markup)
        if prepare is not None:
            prepare(node)


def append_html(node: Any, markup: Markup, where: str = "beforeend") -> None:
    """Add markup at the end of `node` (or `where` insertAdjacentHTML says), under the same
    rule as `set_html`."""
    node.insertAdjacentHTML(where, _checked(markup))


def _checked(markup: Markup) -> Markup:
    if not isinstance(markup, Markup):
        raise TypeError(f"refusing to insert {type(markup).__name__} as markup; build it with pygame_core.markup")
    return markup


GLIDE_MS = 450  # the longest glide animate_pieces plays
FRAME_MS = 50  # the longest wait for the next frame, when a glide starts, on a slow phone
_glides_until: dict[str, float] = {}  # by box id: when its last glide ends (time.monotonic()), for patch_html


def piece_places(root: Any) -> Any:
    """Where each piece (an element with `data-piece="<stable name>"`) is drawn now, kept in
    the page for animate_pieces (web/glide.mjs); None without that script."""
    glide = page_global("hexGlide")
    return glide.places(root) if glide is not None else None


def animate_pieces(root: Any, before: Any) -> bool:
    """Play each piece's move from where it was drawn `before` (piece_places) to where it is
    drawn at the next frame, and let new pieces arrive (web/glide.mjs). 150-450 ms, longer for
    longer moves; a redraw during a move simply replaces it. Returns whether a glide may start."""
    glide = page_global("hexGlide")
    if glide is None or before is None or not glide.play(root, before, GLIDE_MS):
        return False
    _glides_until[str(root.id)] = time.monotonic() + (GLIDE_MS + FRAME_MS + 50) / 1000
    return True


def use_stylesheet(href: str, waiting: Any = None) -> None:
    """Link a stylesheet once (a game's styles load when that game is first shown, not with the
    menu). Until it has loaded, `waiting` (an element) carries the class `styles-pending`.
    A link web/start.mjs made early (the address names the game) may still be loading."""
    for link in js.document.querySelectorAll("link[rel='stylesheet']"):
        if str(link.getAttribute("href")) == href:
            if waiting is not None and link.hasAttribute("data-loading"):
                _pending(link, waiting)
            return
    link = js.document.createElement("link")
    link.rel = "stylesheet"
    link.href = href
    if waiting is not None:
        _pending(link, waiting)
    js.document.head.appendChild(link)


def _pending(link: Any, waiting: Any) -> None:
    waiting.classList.add("styles-pending")
    for event in ("load", "error"):
        link.addEventListener(event, create_once(lambda *_: waiting.classList.remove("styles-pending")))


def race_clock(board: Any, shown: float | None, action: str) -> tuple[float | None, str]:
    """A reflex race's clock, kept across redraws: (when its prompt first showed, its action).
    The first time the prompt is drawn the clock starts and the prompt takes focus; once it
    is gone, the start is None."""
    race = board.querySelector("[data-race]")
    if not present(race):
        return None, action
    if shown is None:
        race.focus()
        return float(js.performance.now()), str(race.getAttribute("data-race") or "")
    return shown, action


def show(element_id: str, visible: bool = True) -> None:
    set_shown(el(element_id), visible)


def set_shown(node: Any, visible: bool = True) -> None:
    """Show or hide `node`, writing `hidden` only to change it: a write is a change the page
    reacts to, and most drawings change nothing of it."""
    if bool(node.hidden) == visible:
        node.hidden = not visible


def set_text(element_id: str, text: str) -> None:
    el(element_id).textContent = text


def make(tag: str, text: str = "", cls: str = "", **attrs: str) -> Any:
    node = js.document.createElement(tag)
    if text:
        node.textContent = text
    if cls:
        node.className = cls
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


_notice_timer: list[Any] = [None]


def notice(text: str, seconds: float = 5.0) -> None:
    """A short message that goes away by itself (also read out by screen readers)."""
    box = el("notice")
    box.textContent = text
    box.hidden = False
    if _notice_timer[0] is not None:
        js.clearTimeout(_notice_timer[0])
    _notice_timer[0] = js.setTimeout(create_once(lambda: setattr(box, "hidden", True)), int(seconds * 1000))


def after_first_frame(longest_wait: float = 0.25) -> asyncio.Future[None]:
    """Done once the browser has drawn the page as it is now (the task after its next animation
    frame), or after `longest_wait` seconds where frames are paused (a hidden tab, an
    off-screen frame). Drawing a newly built page the first time takes 50-150 ms of style and
    font work on its own; computer players start after it rather than during it."""
    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def drawn(*_: Any) -> None:
        if not future.done():
            future.set_result(None)

    js.requestAnimationFrame(create_once(lambda _time: js.setTimeout(create_once(drawn), 0)))
    js.setTimeout(create_once(drawn), int(longest_wait * 1000))
    return future


def js_object(**fields: Any) -> Any:
    """A plain JavaScript object (not a Map), for browser APIs that take an options object."""
    return to_js(fields, dict_converter=js.Object.fromEntries)


@contextmanager
def measured(name: str) -> Iterator[None]:
    """A span of the page's own work in the performance timeline, so that `make bench` can
    tell which part of a long task was drawing, saving or a computer's thinking."""
    start = js.performance.now()
    try:
        yield
    finally:
        js.performance.measure(name, js_object(start=start, end=js.performance.now()))


def focus_in_place(node: Any) -> None:
    """Focus without scrolling: focus kept across a redraw must not move the page under the
    player's finger."""
    node.focus(js_object(preventScroll=True))


def create_once(fn: Callable[..., Any]) -> Any:
    from pyodide.ffi import create_once_callable
    return create_once_callable(fn)


def banner(text: str, detail: str = "", action: tuple[str, Callable[[], Any]] | None = None) -> None:
    """The error banner: what happened, details to copy, and optionally a way on."""
    set_text("banner-text", text)
    set_text("banner-detail", detail or text)
    show("banner")
    old = js.document.getElementById("banner-action")
    if present(old):
        old.remove()
    if action is not None:
        label, fn = action
        button = make("button", label, "primary", id="banner-action", type="button")

        def act(_: Any) -> None:
            show("banner", False)
            fn()
        on(button, "click", act)
        el("banner-close").before(button)


def error_details(exc: BaseException) -> str:
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def announce(text: str) -> None:
    el("announcer").textContent = text


def download(filename: str, text: str, mime: str = "application/json") -> None:
    blob = js.Blob.new(to_js([text]), js_object(type=mime))
    url = js.URL.createObjectURL(blob)
    link = make("a", "", "", href=url, download=filename)
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once(lambda: js.URL.revokeObjectURL(url)), 10_000)


def local_storage() -> Any | None:
    """window.localStorage, or None where the browser refuses it (a blocked frame, storage
    switched off). Reading decides, not writing: a full storage still lists its saves, and a
    write that fails is reported when it happens (and tried again at the next move)."""
    try:
        storage = js.window.localStorage
        storage.getItem("hex-table:probe")
        return storage
    except Exception:
        return None


def query_params() -> dict[str, str]:
    params = js.URLSearchParams.new(js.location.search)
    return {str(k): str(v) for k, v in params.entries()}


def media_matches(query: str) -> bool:
    """Whether a media query holds now; its query list is made once and follows changes."""
    media = _media.get(query)
    if media is None:
        media = _media[query] = page_global("window").matchMedia(query)
    return bool(media.matches)


def prefers_reduced_motion() -> bool:
    return media_matches("(prefers-reduced-motion: reduce)")


def touch_screen() -> bool:
    """Whether the page is used with a finger (a coarse pointer) rather than a mouse."""
    return media_matches("(pointer: coarse)")


class PageClock:
    """The page's clock for the table client and the master (table.Clock)."""

    @staticmethod
    def now_ms() -> float:
        return float(js.performance.now())

    @staticmethod
    def later(seconds: float, run: Callable[[], None]) -> Any:
        return js.setTimeout(create_once(run), int(seconds * 1000))

    @staticmethod
    def cancel(handle: Any) -> None:
        js.clearTimeout(handle)
