// pygames: draw a new render of the app into the page by changing only what changed.
//
// main.py renders the whole app as one HTML string. Writing it with innerHTML would throw
// the old elements away and build every one again: the browser then styles and lays out
// the whole table after each move (~25 ms on a desktop, several times that on a phone),
// the keyboard focus and a screen reader's place are lost, and an inner panel's scroll
// jumps back. morph() parses the string once, off the page, and walks the two trees side
// by side: an element of the same kind in the same place is kept and its attributes and
// text brought up to date; what is new is moved in; what is gone is removed.
//
// The promise (tests/e2e/test_morph.py): afterwards the page holds exactly what innerHTML
// would have built (the same nodes, attributes, text, and form values), whatever was there.
// Form controls show the value the new HTML gives them, as a freshly built one would. One
// exception: a <details> the player opened (or closed) stays so while it stays on screen,
// unless the new HTML itself says open; a fresh one would snap shut at every render.

/** What identifies "the same" element among its siblings when they are reordered: its id or its data-move key. */
function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  return node.id || node.getAttribute("data-move") || null;
}

function syncAttributes(from, to) {
  const old = from.attributes;
  const playerOwnsOpen = from.nodeName === "DETAILS";
  for (let i = old.length - 1; i >= 0; i--) {
    const { namespaceURI, localName } = old[i];
    if (playerOwnsOpen && localName === "open") continue;
    if (!to.hasAttributeNS(namespaceURI, localName)) from.removeAttributeNS(namespaceURI, localName);
  }
  for (const { namespaceURI, localName, name, value } of to.attributes) {
    if (from.getAttributeNS(namespaceURI, localName) !== value) from.setAttributeNS(namespaceURI, name, value);
  }
}

/** The option a newly parsed single <select> shows: the last one marked selected, else the first enabled one. */
function parsedSelectedIndex(select) {
  const options = [...select.querySelectorAll("option")];
  for (let i = options.length - 1; i >= 0; i--) if (options[i].hasAttribute("selected")) return i;
  return options.findIndex((o) => !o.disabled);
}

/** What a freshly built form control ``to`` holds (read before its children are taken), or null. */
function parsedFormState(to) {
  switch (to.nodeName) {
    case "INPUT":
      if (to.type === "checkbox" || to.type === "radio") return to.hasAttribute("checked");
      return to.type === "file" ? "" : (to.getAttribute("value") ?? "");
    case "TEXTAREA":
      return to.textContent;
    case "SELECT":
      return to.multiple ? [...to.querySelectorAll("option")].map((o) => o.hasAttribute("selected")) : parsedSelectedIndex(to);
    default:
      return null;
  }
}

/** Give a kept form control the live state (what the player typed or picked) a freshly built one has. */
function setFormState(from, state) {
  if (from.nodeName === "SELECT") {
    if (Array.isArray(state)) {
      for (const [i, option] of [...from.options].entries()) if (option.selected !== state[i]) option.selected = state[i];
    } else if (from.selectedIndex !== state) {
      from.selectedIndex = state;
    }
  } else if (typeof state === "boolean") {
    if (from.checked !== state) from.checked = state;
  } else if (from.value !== state) {
    from.value = state;
  }
}

function morphNode(from, to) {
  if (from.nodeType !== Node.ELEMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  const state = parsedFormState(to);
  syncAttributes(from, to);
  morphChildren(from, to);
  if (state !== null) setFormState(from, state);
}

/** The first of ``node`` and its next siblings that is an element named ``name`` with the key ``key``. */
function findKeyed(node, key, name) {
  for (let n = node; n; n = n.nextSibling) if (n.nodeName === name && keyOf(n) === key) return n;
  return null;
}

/** Make ``from``'s children those of ``to`` (a parsed fragment whose nodes are taken). */
function morphChildren(from, to) {
  let old = from.firstChild;
  let next = to.firstChild;
  while (next) {
    const after = next.nextSibling;
    const key = keyOf(next);
    if (old && old.nodeName === next.nodeName && keyOf(old) === key) {
      morphNode(old, next);
      old = old.nextSibling;
    } else {
      const twin = key === null ? null : findKeyed(old, key, next.nodeName);
      if (twin) {
        from.insertBefore(twin, old);
        morphNode(twin, next);
      } else {
        from.insertBefore(next, old);
      }
    }
    next = after;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    from.removeChild(gone);
  }
}

/** Make ``root``'s content what ``root.innerHTML = html`` would make it, changing only what differs. */
function morph(root, html) {
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  morphChildren(root, parsed.content);
}

globalThis.pygamesMorph = morph;
