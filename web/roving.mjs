// Roving focus: one tab stop per group of choices, the arrow keys within it.
//
// A view marks a group of choices with `data-rove` (a board's cells, a hand's cards or tiles):
// Tab reaches the group once, on one of its choices (the one focused, else the one last
// focused, else the one picked, else the first; a choice marked `data-read`, which only shows
// something, not unless the group has nothing else), and the arrow keys move between its
// choices as they are drawn (web/ui/screen.py `neighbour`); Home and End go to its first and
// last. Choices outside any group keep their own tab stop. No game is named here: the groups
// come from the views' markup only (the WAI-ARIA "roving tabindex" pattern).
//
// It runs on every drawing over every choice, so it lives in the page: from Python, each
// attribute read is a call into the page, and a board's worth of them cost a tap 3-5 ms on a
// slow phone. web/ui/roving.py is what Python calls.

const GROUP = "[data-rove]";
const CHOICES = "[data-action],[data-ui],[data-hex],[data-card]";
const KEYS = ["data-action", "data-ui", "data-hex", "data-card"];
const STOP = "data-rove-stop"; // on a group: the choice to come back to
const stops = new Map(); // a group's name: its last stop, so Tab comes back where the player was

// A group's choices that the keyboard can reach (not those of a group inside it).
function choices(group) {
  return [...group.querySelectorAll(CHOICES)].filter((node) =>
    (node.hasAttribute("tabindex") || node.localName === "button")
    && !node.hasAttribute("disabled") && node.closest(GROUP) === group);
}

function groupOf(node) {
  return node instanceof Element ? node.closest(GROUP) : null;
}

function keyOf(node) {
  for (const name of KEYS) {
    const value = node.getAttribute(name);
    if (value !== null) return `${name}=${value}`;
  }
  return "";
}

function makeStop(group, stop, items = choices(group)) {
  for (const node of items) node.setAttribute("tabindex", node === stop ? "0" : "-1");
  group.setAttribute(STOP, keyOf(stop));
}

// The tab stops of a drawing under `root`, a box on the page or a drawing's new markup not yet
// on it (web/patch.mjs `html`'s `prepare`: given its tab stops before it is compared with what
// is drawn, a choice the drawing did not change is left as it is). The focused choice is
// recognised by its key, so the new markup's copy of it becomes the stop.
function settle(root) {
  const active = document.activeElement;
  const activeGroup = groupOf(active);
  for (const group of root.querySelectorAll(GROUP)) {
    const items = choices(group);
    if (!items.length) continue;
    const name = group.getAttribute("data-rove");
    const ways = items.filter((node) => !node.hasAttribute("data-read"));
    const among = ways.length ? ways : items;
    const focused = activeGroup && activeGroup.getAttribute("data-rove") === name ? keyOf(active) : null;
    const stop = among.find((node) => focused !== null && keyOf(node) === focused)
      ?? among.find((node) => keyOf(node) === stops.get(name))
      ?? among.find((node) => node.getAttribute("aria-pressed") === "true" || node.classList.contains("pending"))
      ?? among[0];
    makeStop(group, stop, items);
    stops.set(name, keyOf(stop));
  }
}

// The focus came to `node` (an arrow, a click, a redraw's refocus): it becomes its group's stop.
function follow(node) {
  const group = groupOf(node);
  if (!group || !choices(group).includes(node)) return;
  makeStop(group, node);
  stops.set(group.getAttribute("data-rove"), keyOf(node));
}

globalThis.hexRoving = { settle, follow, choices, groupOf };
