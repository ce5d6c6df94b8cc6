"""HTML and SVG built so that text is escaped by construction.

Every view builds its markup with `tag`: text children and attribute values are escaped,
and only a `Markup` value (made by `tag`, `join` or `escape`) is inserted as it is. The one
way to declare a string to be markup is `trusted`, meant for constant markup written in our
own source; a test lists its callers. The page inserts only `Markup` into the document
(`web/ui/browser.py`), so a view that built a plain string by hand is refused there rather
than trusted.

    >>> tag("text", "Tom & <Jerry>", class_="name", x=1.5)
    Markup('<text class="name" x="1.5">Tom &amp; &lt;Jerry&gt;</text>')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Union

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
"""HTML elements that have no end tag; every other element, SVG's included, is closed."""


class Markup(str):
    """A string known to be markup. Adding plain text to it escapes the text."""

    __slots__ = ()

    def __add__(self, other: str) -> "Markup":
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: str) -> "Markup":
        return Markup(str.__add__(escape(other), self))

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


Child = Union[str, int, float, Markup, None, Iterable["Child"]]
Attr = Union[str, int, float, bool, None]


def escape(value: object) -> Markup:
    """`value` as text in markup: `Markup` passes unchanged, anything else is escaped."""
    if isinstance(value, Markup):
        return value
    return Markup(_text(value).translate(_ESCAPES))


def trusted(text: str) -> Markup:
    """Declare constant markup from our own source to be markup. Never pass it data."""
    return Markup(text)


def _text(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value == value else "0"
    return str(value)


@lru_cache(maxsize=None)
def _attr_name(name: str) -> str:
    """Python keyword names to attribute names: `class_` -> class, `data_action` -> data-action."""
    name = _ATTR_NAMES.get(name) or name
    return name.rstrip("_").replace("_", "-")


_ATTR_NAMES = {"viewBox": "viewBox", "preserveAspectRatio": "preserveAspectRatio",
               "refX": "refX", "refY": "refY", "markerWidth": "markerWidth",
               "markerHeight": "markerHeight", "gradientTransform": "gradientTransform"}


def _children(out: list[str], children: Iterable[Child]) -> None:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, str):
            out.append(child if isinstance(child, Markup) else child.translate(_ESCAPES))
        elif isinstance(child, (int, float)):
            out.append(_text(child))
        else:
            _children(out, child)


def attrs(**values: Attr) -> Markup:
    """Attributes as markup (each with a leading space); None and False leave one out,
    True writes it bare (`hidden`, `disabled`)."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {_attr_name(name)}")
        else:
            out.append(f' {_attr_name(name)}="{_text(value).translate(_ESCAPES)}"')
    return Markup("".join(out))


def tag(name: str, *children: Child, **attributes: Attr) -> Markup:
    """An element: `name` with escaped attributes and children (text escaped, Markup kept).

    Children may be nested lists or generators of children; None and False are skipped, so
    optional parts read as `cond and tag(...)`. Attribute names follow Python: a trailing
    underscore is dropped (`class_`) and other underscores become hyphens (`data_action`).
    """
    out = [f"<{name}{attrs(**attributes)}>"]
    if name in VOID:
        return Markup(out[0])
    _children(out, children)
    out.append(f"</{name}>")
    return Markup("".join(out))


def join(*children: Child, sep: str = "") -> Markup:
    """Several children as one piece of markup (a fragment), text escaped."""
    out: list[str] = []
    _children(out, children)
    return Markup(escape(sep).join(out))


FACT_SEPARATOR = "\u00a0· "
"""Between facts (and after a heading a fact follows): held to what comes before it, a space
to wrap at after it."""


def fact(part: Child, cls: str = "") -> Markup:
    """One fact, kept whole on a narrow screen (a `fact` span, with `cls` before it)."""
    return tag("span", part, class_=f"{cls} fact" if cls else "fact")


def facts(*parts: Child) -> Markup:
    """Short facts on one line, "Round 1 · 17 quests left · Tavern: 0 adventurers": a narrow
    screen wraps the line between facts, never inside one (each is a `fact` span, which the
    site's style sheet keeps whole), so no count is parted from its noun. The dot stays with
    the fact before it. Empty parts are left out."""
    shown = [part for part in parts if part]
    return join(*(fact(part) for part in shown), sep=FACT_SEPARATOR)
