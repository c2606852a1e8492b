// The page's message catalogue: /strings/<lang>-<digest>.js, a deferred script the page
// loads before its modules, sets it (app/api/strings.py; the browser caches it).
//
// Messages follow a subset of ICU MessageFormat, so plurals and genders live in the
// strings and not in the code ("2 carte(s)" and "un(e) arbre" read badly):
//   {name}                                   the value
//   {n, plural, =0 {none} one {# card} other {# cards}}   # is the number; CLDR categories
//   {kind, select, tree {a tree} well {a well} other {one}}   any value, "other" as fallback
// app/i18n.py formats the same syntax on the server; tests/test_i18n.py checks both agree.
const catalogue = globalThis.agoraStrings || {};

export const lang = document.documentElement.lang || "en";

const pluralRules = new Intl.PluralRules(lang);

/** Translate `key`, filling {placeholders} from `values`. */
export function t(key, values = {}) {
  return format(catalogue[key] ?? key, values);
}

/** Format an ICU-style message (see above) with `values`. */
export function format(text, values = {}, hash = null) {
  let out = "";
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{", at);
    const sharp = hash === null ? -1 : text.indexOf("#", at);
    if (sharp !== -1 && (open === -1 || sharp < open)) {
      out += text.slice(at, sharp) + hash;
      at = sharp + 1;
      continue;
    }
    if (open === -1) break;
    out += text.slice(at, open);
    const close = matching(text, open);
    if (close === -1) return out + text.slice(open);
    out += argument(text.slice(open + 1, close), values, hash);
    at = close + 1;
  }
  return out + text.slice(at);
}

function matching(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === "{") depth += 1;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function argument(body, values, hash) {
  const match = /^\s*(\w+)\s*(?:,\s*(plural|select)\s*,([\s\S]*))?$/.exec(body);
  if (!match) return `{${body}}`;
  const [, name, kind, rest] = match;
  if (!kind) return name in values ? String(values[name]) : `{${name}}`;
  const value = values[name];
  const branches = parseBranches(rest);
  if (kind === "select") {
    const chosen = branches.get(String(value)) ?? branches.get("other") ?? "";
    return format(chosen, values, hash);
  }
  const n = Number(value);
  const chosen = branches.get(`=${n}`) ?? branches.get(pluralRules.select(n)) ?? branches.get("other") ?? "";
  return format(chosen, values, String(value));
}

function parseBranches(text) {
  const branches = new Map();
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{", at);
    if (open === -1) break;
    const selector = text.slice(at, open).trim();
    const close = matching(text, open);
    if (close === -1) break;
    branches.set(selector, text.slice(open + 1, close));
    at = close + 1;
  }
  return branches;
}

/** Pick the page language from a {en, fr} label object. */
export function label(labels) {
  if (!labels || typeof labels === "string") return labels ?? "";
  return labels[lang] ?? labels.en ?? Object.values(labels)[0];
}
