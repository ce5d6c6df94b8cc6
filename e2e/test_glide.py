"""web/glide.mjs: after a move, pieces glide from where they were drawn to where they are now.

Pieces (`data-piece`) are drawn in a page of the site at places the test chooses, measured
(`places`), moved, then played (`play`, which starts the glides at the next frame); the
animations the browser was asked for are read back from the elements themselves.
"""

from __future__ import annotations

from conftest import BLANK_PATH
from playwright.sync_api import Page

# Pieces are 20x20 boxes centred on (x, y); `moves` puts them elsewhere before `play`.
PLAY = """async ({pieces, moves, first}) => {
    await import('/glide.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const put = (node, [x, y]) => Object.assign(node.style, {position: 'absolute', width: '20px',
        height: '20px', left: (x - 10) + 'px', top: (y - 10) + 'px'});
    const nodes = {};
    for (const [name, at] of Object.entries(pieces)) {
        nodes[name] = Object.assign(document.createElement('div'), {textContent: name});
        nodes[name].setAttribute('data-piece', name);
        put(nodes[name], at);
        box.append(nodes[name]);
    }
    const before = first ? new Map() : hexGlide.places(box);
    for (const [name, at] of Object.entries(moves)) {
        if (!nodes[name]) {
            nodes[name] = document.createElement('div');
            nodes[name].setAttribute('data-piece', name);
            box.append(nodes[name]);
        }
        put(nodes[name], at);
    }
    const calls = [];
    const measure = Element.prototype.getBoundingClientRect, animate = Element.prototype.animate;
    Element.prototype.getBoundingClientRect = function () { calls.push('measure'); return measure.call(this); };
    Element.prototype.animate = function (...args) { calls.push('animate'); return animate.apply(this, args); };
    const starts = hexGlide.play(box, before, 450);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));  // glides start at the frame
    Element.prototype.getBoundingClientRect = measure;
    Element.prototype.animate = animate;
    const started = {};
    for (const [name, node] of Object.entries(nodes)) {
        for (const animation of node.getAnimations()) {
            started[name] = [animation.effect.getKeyframes()[0].transform, animation.effect.getTiming().duration];
        }
    }
    box.remove();
    return {starts, started, calls};
}"""


def play(page: Page, site, pieces: dict, moves: dict, first: bool = False) -> dict:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    return page.evaluate(PLAY, {"pieces": pieces, "moves": moves, "first": first})


def test_pieces_that_moved_glide_from_where_they_were_and_new_ones_arrive(page: Page, site) -> None:
    result = play(page, site, {"a": (110, 10), "b": (50, 50), "c": (90, 90)},
                  {"a": (210, 10), "b": (50, 51), "c": (90, 140), "new": (300, 300)})
    assert result["starts"] is True
    started = result["started"]
    assert started["a"] == ["translate(-100px, 0px)", 210]  # 150 ms and 0.6 ms a pixel
    assert started["c"] == ["translate(0px, -50px)", 180]
    assert started["new"][0] == "scale(0.6)"
    assert "b" not in started  # moved 1 px: not worth a glide


def test_a_long_move_glides_for_the_longest_time_given_at_most(page: Page, site) -> None:
    result = play(page, site, {"far": (20, 20)}, {"far": (1000, 700)})
    assert result["started"]["far"][1] == 450


def test_every_piece_is_measured_before_any_starts_to_move(page: Page, site) -> None:
    pieces = {f"p{i}": (20 + i * 30, 20) for i in range(8)}
    result = play(page, site, pieces, {name: (x, 200) for name, (x, _) in pieces.items()})
    calls = result["calls"]
    assert calls.count("animate") == 8
    assert "measure" not in calls[calls.index("animate"):]


def test_a_first_drawing_animates_nothing(page: Page, site) -> None:
    result = play(page, site, {"a": (50, 50)}, {}, first=True)
    assert result == {"starts": False, "started": {}, "calls": []}


SVG_PLAY = """async () => {
    await import('/glide.mjs');
    document.body.insertAdjacentHTML('beforeend', '<svg id="b" viewBox="0 0 100 100" width="200" height="200"'
        + ' style="position:absolute;left:0;top:0"><circle data-piece="t" cx="10" cy="10" r="5"/></svg>');
    const svg = document.getElementById('b'), piece = svg.querySelector('circle');
    const before = hexGlide.places(svg);
    piece.setAttribute('cx', '60');  // 50 units right: 100 px on the screen
    hexGlide.play(svg, before, 450);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const [animation] = piece.getAnimations();
    return [animation.effect.getKeyframes()[0].transform, animation.effect.getTiming().duration];
}"""


def test_an_svg_piece_glides_in_its_own_units(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(SVG_PLAY) == ["translate(-50px, 0px)", 210]


TWICE = """async () => {
    await import('/glide.mjs');
    const box = document.createElement('div');
    box.innerHTML = '<div data-piece="a" style="position:absolute;left:0;top:0;width:20px;height:20px"></div>';
    document.body.append(box);
    const piece = box.firstChild;
    const first = hexGlide.places(box);
    piece.style.left = '50px';  // a first redraw moves the piece
    hexGlide.play(box, first, 450);
    const second = hexGlide.places(box);
    piece.style.left = '100px';  // a second one, before the frame, moves it on
    hexGlide.play(box, second, 450);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    return piece.getAnimations().map((a) => a.effect.getKeyframes()[0].transform);
}"""


def test_a_box_drawn_twice_before_a_frame_glides_once_from_where_it_was_first(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(TWICE) == ["translate(-100px, 0px)"]


WHOLE_BOARD = """async ({width, shift, marginTop}) => {
    await import('/glide.mjs');
    document.body.insertAdjacentHTML('beforeend', '<div id="w"><svg id="b" viewBox="0 0 100 100" width="200"'
        + ' height="200"><circle data-piece="still" cx="10" cy="10" r="5"/>'
        + '<circle data-piece="moved" cx="10" cy="50" r="5"/></svg>'
        + '<p data-piece="held" style="position:fixed;left:0;bottom:0;margin:0">held</p></div>');
    const wrap = document.getElementById('w'), svg = document.getElementById('b');
    const before = hexGlide.places(wrap);
    svg.setAttribute('width', width);  // the board drawn smaller (or larger) as a whole
    svg.setAttribute('height', width);
    wrap.style.marginTop = marginTop + 'px';  // and further down the page
    svg.querySelector('[data-piece="moved"]').setAttribute('cx', 10 + shift);
    hexGlide.play(wrap, before, 450);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const started = {};
    for (const node of wrap.querySelectorAll('[data-piece]')) {
        for (const a of node.getAnimations()) {
            started[node.getAttribute('data-piece')] = [a.effect.getKeyframes()[0].transform, a.effect.getTiming().duration];
        }
    }
    wrap.remove();
    return started;
}"""


def test_a_board_scaled_or_moved_as_a_whole_moves_no_piece(page: Page, site) -> None:
    # nor does a piece held in place on the screen while the board moves (a phone's sticky hand)
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(WHOLE_BOARD, {"width": 150, "shift": 0, "marginTop": 80}) == {}
    assert page.evaluate(WHOLE_BOARD, {"width": 260, "shift": 0, "marginTop": 0}) == {}


def test_a_piece_moved_on_a_board_drawn_smaller_glides_by_its_move_alone(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    # 40 units right on a board now drawn at 1.5 px a unit: 60 px on the screen
    assert page.evaluate(WHOLE_BOARD, {"width": 150, "shift": 40, "marginTop": 80}) == {
        "moved": ["translate(-40px, 0px)", 186]}


TO_ANOTHER_DRAWING = """async () => {
    await import('/glide.mjs');
    document.body.insertAdjacentHTML('beforeend', '<div id="w">'
        + '<svg id="a" viewBox="0 0 100 100" width="200" height="200" style="position:absolute;left:0;top:0">'
        + '<circle data-piece="t" cx="10" cy="10" r="5"/></svg>'
        + '<svg id="b" viewBox="0 0 100 100" width="200" height="200" style="position:absolute;left:300px;top:0">'
        + '</svg></div>');
    const wrap = document.getElementById('w');
    const before = hexGlide.places(wrap);
    const piece = wrap.querySelector('[data-piece="t"]');
    document.getElementById('b').append(piece);  // the same piece, now in the other drawing
    hexGlide.play(wrap, before, 450);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const [animation] = piece.getAnimations();
    wrap.remove();
    return [animation.effect.getKeyframes()[0].transform, animation.effect.getTiming().duration];
}"""


def test_a_piece_moved_to_another_drawing_glides_from_where_it_was_on_the_screen(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    # 300 px left on the screen, at 2 px a unit of the drawing it is in now
    assert page.evaluate(TO_ANOTHER_DRAWING) == ["translate(-150px, 0px)", 330]
