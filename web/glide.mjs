// Pieces glide from where one drawing had them to where the next puts them (the FLIP
// technique: the new drawing is already in place, each piece that moved starts offset by where
// it came from and slides home), and new pieces arrive. It runs in the page: measured from
// Python, each piece's element and box were wrapped for Python, which cost a slow phone about
// 45 ms of a Hack & Slash move's drawing. web/ui/browser.py's `piece_places` and
// `animate_pieces` call it; without it, pieces do not glide.

const PIECE = "[data-piece]";  // an element with a stable name: `data-piece="<name>"`

const middle = (box) => [box.left + box.width / 2, box.top + box.height / 2];

// Where each piece is drawn now (the middle of its box), by name: a piece of an SVG drawing in
// the drawing's own units, so a board drawn smaller, larger or elsewhere as a whole (the end
// summary opening beside it, a phone's zoom buttons, a turned phone) moves none of its pieces;
// any other piece on the screen, so one that stays put while the page moves under it (a hand
// held at the bottom of a phone's screen) does not glide either. Where it was on the screen is
// kept for every piece, for one that moves to another drawing.
function places(root) {
  const out = new Map();
  const frame = drawingFrame();
  for (const node of root.querySelectorAll(PIECE)) {
    const box = node.getBoundingClientRect();
    if (box.width || box.height) {
      out.set(node.getAttribute("data-piece"), frame.toDrawing(node, middle(box)));
    }
  }
  return out;
}

// Converts a point on the screen to the units of a piece's SVG drawing and back; each
// drawing's place on the screen is measured once.
function drawingFrame() {
  const drawings = new Map();
  const matrix = (svg) => {
    if (!svg) return null;
    if (!drawings.has(svg)) {
      const ctm = svg.getScreenCTM();
      drawings.set(svg, ctm && ctm.a ? ctm : null);
    }
    return drawings.get(svg);
  };
  return {
    toDrawing(node, screen) {
      const svg = node.ownerSVGElement ?? null;  // undefined on an HTML element
      const ctm = matrix(svg);
      if (!ctm) return { svg: null, at: screen, screen };
      const at = new DOMPoint(screen[0], screen[1]).matrixTransform(ctm.inverse());
      return { svg, at: [at.x, at.y], screen };
    },
    toScreen(node, { svg, at, screen }) {
      const ctm = matrix(svg);
      if (!ctm || (node.ownerSVGElement ?? null) !== svg) return screen;  // or it moved to another drawing
      const point = new DOMPoint(at[0], at[1]).matrixTransform(ctm);
      return [point.x, point.y];
    },
  };
}

// Screen pixels per unit of a piece's own drawing: an SVG piece moves in its own units.
function scale(node) {
  const ctm = typeof node.getScreenCTM === "function" ? node.getScreenCTM() : null;
  return ctm && ctm.a ? ctm.a : 1;
}

// Each box's glide waiting for the next frame, and where its pieces were before it.
const waiting = new WeakMap();

// Play each piece's move from `before` (places, measured before the drawing) to where it is
// drawn at the next frame, each for 150 ms and 0.6 ms a pixel, at most `longest` ms; a piece
// moved less than 2 px stays; new pieces fade in. Measured at the next frame, when the browser
// lays the page out to draw it anyway: measured now, the drawing's task laid it out first (on
// a slow phone, most of a Hack & Slash move's drawing). A box drawn again before that frame
// glides from where its pieces were before the first drawing. Nothing glides after a box's
// first drawing (`before` empty). Returns whether a glide may start.
function play(root, before, longest) {
  if (!before.size) return false;
  if (!waiting.has(root)) {
    waiting.set(root, before);
    requestAnimationFrame(() => {
      const from = waiting.get(root);
      waiting.delete(root);
      start(root, from, longest);
    });
  }
  return true;
}

// Every piece is measured before any starts to move: a measure after an animation has started
// makes the browser work out the page's styles and layout again, once per piece.
function start(root, before, longest) {
  const arriving = [];
  const moving = [];
  const frame = drawingFrame();
  for (const node of root.querySelectorAll(PIECE)) {
    const box = node.getBoundingClientRect();
    if (!(box.width || box.height)) continue;
    const was = before.get(node.getAttribute("data-piece"));
    if (!was) {
      arriving.push(node);
      continue;
    }
    const from = frame.toScreen(node, was);
    const [x, y] = middle(box);
    const dx = from[0] - x;
    const dy = from[1] - y;
    const distance = Math.hypot(dx, dy);
    if (distance >= 2) {
      const units = scale(node);
      moving.push([node, dx / units, dy / units, distance]);
    }
  }
  for (const node of arriving) {
    node.animate([{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }],
      { duration: 220, easing: "ease-out" });
  }
  for (const [node, dx, dy, distance] of moving) {
    node.animate([{ transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)` }, { transform: "none" }],
      { duration: Math.trunc(Math.min(longest, 150 + distance * 0.6)), easing: "ease-in-out" });
  }
}

globalThis.hexGlide = { places, play };
