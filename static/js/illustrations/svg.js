// A tiny SVG element factory for illustrations and rules diagrams.
const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element with attributes (null/undefined skipped) and children. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An SVG text node. */
export function text(x, y, content, attrs = {}) {
  const node = svg("text", { x, y, ...attrs });
  node.textContent = content;
  return node;
}
