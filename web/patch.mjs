// Redraw a box by changing only what differs from its new markup, instead of replacing all
// of it: a board redrawn after one move keeps its other cells' elements, so the browser
// recomputes the style, layout and paint of what changed, not of the whole board (on a slow
// phone, replacing a board cost 60-380 ms of layout and paint after each move).
// web/ui/browser.py's `patch_html` calls `hexPatch.html(node, markup)`, with markup Python
// built with its text escaped (pygame_core/markup.py); without this file it replaces.

// Form controls and disclosure boxes keep state the markup does not show (a typed value, an
// open <details>): those are replaced whole when their markup changes, as before.
const WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "DETAILS", "DIALOG"]);

function key(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  return node.id || node.getAttribute("data-piece") || node.getAttribute("data-action")
    || toggleKey(node) || node.getAttribute("data-ui") || node.getAttribute("data-hex") || null;
}

// A toggle (aria-pressed) says in its `data-ui` what pressing it next sets ("odds=1", then
// "odds="): it is the same control whatever the values, so it is changed in place and keeps
// the focus (replacing the focused element made the browser lay out at once, and the page
// measure every choice to put the focus back).
function toggleKey(node) {
  const ui = node.hasAttribute("aria-pressed") && node.getAttribute("data-ui");
  return ui ? "toggle " + ui.split(";").map((pair) => pair.split("=")[0]).join(";") : null;
}

function same(a, b) {
  return !!a && !!b && a.nodeType === b.nodeType && a.nodeName === b.nodeName && key(a) === key(b);
}

// Whether `names` begins with the names of `first`, in the same order.
function beginsWith(names, first) {
  if (first.length > names.length) return false;
  for (let i = 0; i < first.length; i++) if (first[i].name !== names[i].name) return false;
  return true;
}

function attributes(old, next) {
  if (!beginsWith(next.attributes, old.attributes)) {
    // Ones the markup dropped (or the page's own): removed one by one, the others left alone
    // (rewriting an unchanged class makes the browser work out that element's style again).
    for (const attr of [...old.attributes]) {
      if (!next.hasAttributeNS(attr.namespaceURI, attr.localName)) old.removeAttributeNode(attr);
    }
    if (!beginsWith(next.attributes, old.attributes)) {
      // Another order: set all of them again in the markup's order, so the element reads as a
      // freshly drawn one would (its attributes in the same order).
      for (const attr of [...old.attributes]) old.removeAttributeNode(attr);
    }
  }
  // Ones the markup added after the others are set below, and so come last, as drawn afresh.
  for (const attr of next.attributes) {
    if (old.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      old.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
}

function patchNode(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return old;
  }
  // Most of a board is drawn as it was: an element equal to its new markup (the browser's
  // own comparison, then its serialisation, which also compares the attributes' order) is
  // left as it is without walking it in script.
  if (old.isEqualNode(next) && old.outerHTML === next.outerHTML) return old;
  if (WHOLE.has(old.nodeName.toUpperCase()) && !old.isEqualNode(next)) {
    old.replaceWith(next);
    return next;
  }
  attributes(old, next);
  children(old, next);
  return old;
}

// What the page adds to a drawn box itself (`data-page`, say zoom buttons) is not the
// markup's: it stays where it is, and the markup is matched against the other nodes.
const pageOwned = (node) => node?.nodeType === Node.ELEMENT_NODE && node.hasAttribute("data-page");

function skipPageOwned(node) {
  while (pageOwned(node)) node = node.nextSibling;
  return node;
}

function children(parent, source) {
  let old = parent.firstChild;
  let next = source.firstChild;
  while (next) {
    old = skipPageOwned(old);
    const following = next.nextSibling;
    if (same(old, next)) {
      old = patchNode(old, next).nextSibling;
    } else if (old && same(old.nextSibling, next)) {
      // something was added at the top since (a status line put in after a drawing): drop it
      const gone = old;
      old = old.nextSibling;
      gone.remove();
      old = patchNode(old, next).nextSibling;
    } else if (old && same(old, following)) {
      parent.insertBefore(next, old);  // a new element before ones that stay
    } else if (old) {
      const replaced = old;
      old = old.nextSibling;
      parent.replaceChild(next, replaced);
    } else {
      parent.appendChild(next);
    }
    next = following;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    if (!pageOwned(gone)) gone.remove();
  }
}

// `gliding`: false when no glide the page started (browser.animate_pieces) can still be
// running; without it, glides are looked for at every redraw. `prepare`: what the page adds
// to every drawing of this box itself (roving focus's tab stops, web/roving.mjs), added to
// the new markup before it is compared, so an element the drawing did not change stays as it
// is instead of losing the page's attributes and getting them back after.
function html(node, markup, gliding, prepare) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  if (prepare) prepare(template.content);
  // A piece still gliding from the last redraw stops, as it did when its element was replaced
  // (its place is measured afresh); styles' own animations and transitions go on. Asking
  // for the animations makes the browser work out the styles first, so only while a glide
  // may still run.
  if (gliding !== false) {
    for (const animation of node.getAnimations({ subtree: true })) {
      if (!(animation instanceof CSSAnimation) && !(animation instanceof CSSTransition)) animation.cancel();
    }
  }
  children(node, template.content);
}

globalThis.hexPatch = { html };
