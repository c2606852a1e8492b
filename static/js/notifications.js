// Notifications in one place (app/social/notifications.py): the header's bell on every
// signed-in page, and the four switches on the account page.
//
// The server says what is true now (GET /api/me/notifications); this page remembers, in
// localStorage (shared by the tabs), which item ids the player has seen (opened the
// panel) and which raised a browser notification, each pruned to the ids still there: a
// "your turn" that ends and comes back is new again. The bell polls every 20 s while the
// page is visible; while it is hidden, only if browser notifications are allowed (every
// 60 s: that is what they are for). A browser notification is raised once per item, when
// the page is not in front; a "your turn" one carries the room's id as its tag, the tag
// My games' watcher (mygames.js) gives the same news, so the two replace each other.
import { api } from "./api.js";
import { label, t } from "./i18n.js";

const POLL_MS = 20000;
const HIDDEN_POLL_MS = 60000;
const SEEN = "agora.notifications.seen";
const NOTIFIED = "agora.notifications.notified";

const $ = (id) => document.getElementById(id);

function remembered(key) {
  try {
    return new Set(JSON.parse(localStorage.getItem(key) || "[]"));
  } catch {
    return new Set();
  }
}

function remember(key, ids) {
  try {
    localStorage.setItem(key, JSON.stringify([...ids]));
  } catch {
    /* private mode or full: the count is per page then */
  }
}

/** What the player reads for an item (the server sends data, never sentences). */
export function wording(item) {
  switch (item.kind) {
    case "your_turn":
      return t("notifications.your_turn", { game: label(item.game_name) });
    case "challenge":
      return t("notifications.challenge", { name: item.from ?? "", game: label(item.game_name) });
    case "tournament_round":
      return t("notifications.tournament_round", { round: item.round ?? "" });
    case "friend_online":
      return t("notifications.friend_online", { name: item.display_name || item.name });
    default:
      return t("notifications.other");
  }
}

let items = [];

function shown(all) {
  // The table the player is at already tells them it is their turn.
  const here = document.getElementById("room")?.dataset.room;
  return all.filter((item) => !(item.kind === "your_turn" && item.room_id === here));
}

function draw() {
  const seen = remembered(SEEN);
  const unseen = items.filter((item) => !seen.has(item.id)).length;
  const count = $("bell-count");
  count.hidden = !unseen;
  count.textContent = unseen > 9 ? "9+" : String(unseen);
  $("bell").setAttribute("aria-label", t("notifications.button", { n: unseen }));
  const list = $("bell-list");
  list.replaceChildren();
  for (const item of items) {
    const entry = document.createElement("li");
    entry.dataset.kind = item.kind;
    if (!seen.has(item.id)) entry.className = "unseen";
    const link = document.createElement("a");
    link.href = item.url;
    link.textContent = wording(item);
    link.setAttribute("data-testid", `notification-${item.kind}`);
    entry.append(link);
    list.append(entry);
  }
  $("bell-empty").hidden = items.length > 0;
  const enable = $("bell-enable");
  enable.hidden = window.Notification?.permission !== "default";
}

function notify(fresh) {
  const notified = remembered(NOTIFIED);
  const ids = new Set(fresh.map((item) => item.id));
  const inFront = document.visibilityState === "visible" && document.hasFocus();
  if (window.Notification?.permission === "granted" && !inFront) {
    for (const item of fresh) {
      if (notified.has(item.id)) continue;
      const tag = item.kind === "your_turn" ? item.room_id : item.id;
      const note = new Notification("Agora", { body: wording(item), tag });
      note.onclick = () => {
        window.focus();
        window.location.assign(item.url);
      };
    }
  }
  // Everything present counts as told (seen in the page, or the browser said it).
  remember(NOTIFIED, ids);
}

async function look() {
  try {
    const data = await api("GET", "/api/me/notifications");
    items = shown(data.items);
  } catch {
    return; /* offline or signed out: try again later */
  }
  const ids = new Set(items.map((item) => item.id));
  remember(SEEN, [...remembered(SEEN)].filter((id) => ids.has(id)));
  notify(items);
  draw();
}

function setOpen(open) {
  const button = $("bell");
  $("bell-panel").hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  if (open) {
    remember(SEEN, items.map((item) => item.id));
    draw();
  }
}

/** The bell: wire the panel, then look now and every 20 s (see the top of the file). */
export function startBell() {
  const button = $("bell");
  if (!button) return;
  button.addEventListener("click", () => setOpen($("bell-panel").hidden));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("bell-panel").hidden) {
      setOpen(false);
      button.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!$("bell-box").contains(event.target)) setOpen(false);
  });
  $("bell-enable").addEventListener("click", () =>
    Notification.requestPermission().then(() => draw()),
  );
  let last = 0;
  const tick = () => {
    const visible = document.visibilityState === "visible";
    const every = visible ? POLL_MS : HIDDEN_POLL_MS;
    const allowed = visible || window.Notification?.permission === "granted";
    if (allowed && Date.now() - last >= every - 500) {
      last = Date.now();
      look();
    }
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - last >= POLL_MS) {
      last = Date.now();
      look();
    }
  });
  last = Date.now();
  look();
  setInterval(tick, POLL_MS);
}

/** The account page's four switches: each change is saved at once. */
export async function startSettings() {
  const form = $("notification-settings");
  if (!form) return;
  const status = form.querySelector(".status");
  const error = form.querySelector(".error");
  const settings = await api("GET", "/api/me/notification-settings");
  for (const [kind, on] of Object.entries(settings)) {
    const box = form.elements.namedItem(kind);
    if (box) box.checked = on;
  }
  form.addEventListener("change", async () => {
    const body = {};
    for (const kind of Object.keys(settings)) body[kind] = form.elements.namedItem(kind).checked;
    status.textContent = "";
    error.textContent = "";
    try {
      await api("PUT", "/api/me/notification-settings", body);
      status.textContent = t("notifications.saved");
      if ($("bell")) look();
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

startBell();
