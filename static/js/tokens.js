// The account page's API tokens: list, create (the secret is shown once), revoke.
import { api } from "./api.js";
import { lang, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const day = (iso) => new Date(iso).toLocaleDateString(lang, { dateStyle: "medium" });

async function draw() {
  const list = $("token-list");
  const tokens = await api("GET", "/api/tokens");
  list.replaceChildren();
  if (!tokens.length) {
    const none = document.createElement("li");
    none.className = "hint";
    none.textContent = t("tokens.none");
    list.append(none);
  }
  for (const token of tokens) {
    const item = document.createElement("li");
    item.dataset.testid = "token";
    const text = document.createElement("span");
    const parts = [t("tokens.line", { name: token.name, scopes: token.scopes.map((scope) => t(`tokens.scope_name.${scope}`)).join(", "), created: day(token.created_at) })];
    parts.push(token.last_used_at ? t("tokens.used", { when: day(token.last_used_at) }) : t("tokens.unused"));
    if (token.expires_at) parts.push(t("tokens.until", { when: day(token.expires_at) }));
    text.textContent = parts.join(" · ");
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.className = "secondary";
    revoke.textContent = t("tokens.revoke");
    revoke.addEventListener("click", async () => {
      await api("DELETE", `/api/tokens/${token.id}`);
      await draw();
    });
    item.append(text, revoke);
    list.append(item);
  }
}

export function startTokens() {
  const form = $("token-form");
  if (!form) return; // guests have no tokens
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector(".error");
    error.textContent = "";
    const data = new FormData(form);
    const days = data.get("expires_in_days");
    try {
      const made = await api("POST", "/api/tokens", {
        name: data.get("name"),
        scopes: data.getAll("scopes"),
        expires_in_days: days ? Number(days) : null,
      });
      $("token-value").value = made.token;
      $("token-made").hidden = false;
      $("token-value").select();
      form.querySelector("input[name=name]").value = "";
      await draw();
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  $("token-copy").addEventListener("click", () => navigator.clipboard?.writeText($("token-value").value).catch(() => {}));
  draw();
}
