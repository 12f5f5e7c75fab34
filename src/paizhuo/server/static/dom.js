// A tiny DOM builder: text is always set with textContent, never parsed as HTML.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "value") node.value = v;
    else if (k === "disabled" || k === "checked" || k === "selected") node[k] = !!v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.append(child);
    else node.append(document.createTextNode(String(child)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Before a view under `root` is drawn again: note the element with the focus (by its id) and
 * a text field's caret. The function returned gives both back to the element of the same id
 * in the new drawing, so keys typed while a message redraws the page land where they were
 * going. A text field has them back at once (a key may follow in the same moment); a button
 * or a link at the next frame: focusing lays the whole page out, and a burst of messages
 * (bots with no delay) drawn one by one would lay it out once per message — the page falls
 * seconds behind the table on a slow machine. */
export function keepFocus(root) {
  const el = document.activeElement;
  if (!el || !el.id || !root.contains(el)) return () => {};
  const { id } = el;
  let start = null;
  let end = null;
  try {
    ({ selectionStart: start, selectionEnd: end } = el);
  } catch { /* a field without a caret (number, checkbox) */ }
  const give = () => {
    const again = root.querySelector(`#${CSS.escape(id)}`);
    // nothing to give it to, or it has a focus already (this element's, or one a click gave
    // meanwhile): leave it there
    if (!again || (document.activeElement && document.activeElement !== document.body)) return;
    again.focus({ preventScroll: true });
    if (start !== null && end !== null && typeof again.setSelectionRange === "function") {
      try {
        again.setSelectionRange(start, end);
      } catch { /* the new element takes no caret */ }
    }
  };
  const typed = el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
  return typed ? give : () => requestAnimationFrame(give);
}

/** A link's click handler that stays in the page (`navigate(href)`) for a plain click, and
 * leaves a click with a modifier or another button to the browser (a new tab, a window). */
export function inPage(navigate) {
  return (ev, href) => {
    if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    navigate(href);
  };
}
