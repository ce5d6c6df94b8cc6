"""web/patch.mjs: a box redrawn by patching reads exactly as if drawn afresh.

Boards are redrawn by changing only what differs from the new markup (browser.patch_html).
Generated pairs of markup (random trees, and second versions made from the first by the
edits a redraw makes: a cell's class or text changed, an element added, removed or put in
at the top) are patched one into the other in a page of the site, and each result must be
the new markup's own document, attribute order included; unchanged elements stay the same
nodes (that is what spares the browser's layout and paint).
"""

from __future__ import annotations

import random

from conftest import BLANK_PATH
from playwright.sync_api import Page

BLOCKS = ("div", "section", "ul")  # whose children may be anything generated here
INLINE = ("span", "strong", "button")  # only text inside: markup the parser takes as written
TAGS = BLOCKS + INLINE
ATTRS = ("class", "id", "data-piece", "data-action", "aria-label", "data-rove", "title", "hidden",
         "data-ui", "aria-pressed")
WORDS = ("cell", "tile", "a & b", "<x>", "free", "taken", "Ada", "12", "ré")


def attrs(rng: random.Random) -> dict[str, str]:
    # a `data-ui` reads "name=value" (a toggle's, aria-pressed, changes its value when pressed)
    return {name: rng.choice(WORDS) + ("=" if name == "data-ui" else "") + str(rng.randrange(4))
            for name in rng.sample(ATTRS, rng.randrange(4))}


def tree(rng: random.Random, depth: int = 0) -> list:
    """A list of nodes: ("text", str), ("svg", attrs, children) or (tag, attrs, children)."""
    nodes: list = []
    for _ in range(rng.randrange(1, 5 if depth < 3 else 2)):
        roll = rng.random()
        if roll < 0.2:
            nodes.append(("text", rng.choice(WORDS)))
        elif roll < 0.3 and depth < 2:
            shapes = [("circle", {"r": str(rng.randrange(9)), "class": rng.choice(WORDS)}, []),
                      ("text", {"x": "1"}, [("text", rng.choice(WORDS))])]
            nodes.append(("svg", {"viewBox": "0 0 9 9", "class": "board"}, rng.sample(shapes, rng.randrange(1, 3))))
        elif rng.random() < 0.5 or depth >= 3:
            nodes.append((rng.choice(INLINE), attrs(rng), [("text", rng.choice(WORDS))]))
        else:
            nodes.append((rng.choice(BLOCKS), attrs(rng), tree(rng, depth + 1)))
    return nodes


def edited(rng: random.Random, nodes: list, inline: bool = False) -> list:
    """The edits a redraw makes, here and there in the tree."""
    out = []
    for node in nodes:
        roll = rng.random()
        if roll < 0.08:
            continue  # removed
        if roll < 0.14 and not inline:
            out.append((rng.choice(INLINE), attrs(rng), [("text", rng.choice(WORDS))]))  # added before it
        if node[0] == "text":
            out.append(("text", rng.choice(WORDS)) if rng.random() < 0.2 else node)
            continue
        tag, at, children = node
        if rng.random() < 0.25:
            at = dict(at)
            at.update(attrs(rng))
            for name in rng.sample(sorted(at), rng.randrange(len(at) + 1) // 2):
                del at[name]
        out.append((tag, at, edited(rng, children, tag in INLINE)))
    if rng.random() < 0.15 and not inline:
        out.insert(0, ("p", {"class": "auto-pass"}, [("text", "status")]))
    return out


def html(nodes: list) -> str:
    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    parts = []
    for node in nodes:
        if node[0] == "text" and isinstance(node[1], str):
            parts.append(esc(node[1]))
            continue
        tag, at, children = node
        attributes = "".join(f' {k}="{esc(v)}"' for k, v in at.items())
        parts.append(f"<{tag}{attributes}>{html(children)}</{tag}>")
    return "".join(parts)


CHECK = """async (pairs) => {
    await import('/patch.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const fresh = document.createElement('div');
    const wrong = [];
    let kept = 0;
    for (const [before, after] of pairs) {
        box.innerHTML = before;
        const old = new Set(box.querySelectorAll('*'));
        hexPatch.html(box, after);
        fresh.innerHTML = after;
        if (box.innerHTML !== fresh.innerHTML) wrong.push([before, after, box.innerHTML]);
        kept += [...box.querySelectorAll('*')].filter((n) => old.has(n)).length;
    }
    return {wrong: wrong.slice(0, 3), kept};
}"""


def test_a_patched_box_reads_as_its_new_markup_drawn_afresh(page: Page, site) -> None:
    rng = random.Random(44)
    pairs = []
    for _ in range(400):
        first = tree(rng)
        second = edited(rng, first) if rng.random() < 0.8 else tree(rng)
        pairs.append((html(first), html(second)))
    pairs += [("", html(tree(rng))), (html(tree(rng)), "")]
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    result = page.evaluate(CHECK, pairs)
    assert result["wrong"] == [], "\n".join(map(repr, result["wrong"][0]))
    assert result["kept"] > 1000  # most elements of a lightly edited tree stay where they are
