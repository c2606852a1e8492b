// The page's message catalogue: /strings/<lang>-<digest>.js, a deferred script the page
// loads before its modules, sets it (app/api/strings.py; the browser caches it).
const catalogue = globalThis.agoraStrings || {};

/** Translate `key`, filling {placeholders} from `values`. */
export function t(key, values = {}) {
  const text = catalogue[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

export const lang = document.documentElement.lang || "en";

/** Pick the page language from a {en, fr} label object. */
export function label(labels) {
  if (!labels || typeof labels === "string") return labels ?? "";
  return labels[lang] ?? labels.en ?? Object.values(labels)[0];
}
