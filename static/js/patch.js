// Apply RFC 6902 add / remove / replace operations (what app/rooms/diff.py emits).
function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function applyPatch(document, ops) {
  let doc = document;
  for (const op of ops) {
    if (op.path === "") {
      if (op.op === "remove") doc = null;
      else doc = structuredClone(op.value);
      continue;
    }
    const tokens = op.path.split("/").slice(1).map(unescape);
    const last = tokens.pop();
    let parent = doc;
    for (const token of tokens) parent = Array.isArray(parent) ? parent[Number(token)] : parent[token];
    const value = op.value === undefined ? undefined : structuredClone(op.value);
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(index, 0, value);
      else if (op.op === "remove") parent.splice(index, 1);
      else parent[index] = value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = value;
    }
  }
  return doc;
}
