// One-click play buttons (landing cards and game pages): against bots, join a table, invite.
import { api } from "./api.js";
import { t } from "./i18n.js";

/** A first-time visitor becomes a guest on their first click (named if they typed a name). */
export async function ensureSignedIn() {
  if (document.querySelector("[data-testid=me]")) return;
  const typed = document.getElementById("guest-name")?.value.trim();
  const name = typed || `${t("front.guest_default")} ${Math.floor(100 + Math.random() * 900)}`;
  await api("POST", "/api/guests", { name });
}

export function roomUrl(room) {
  return `/r/${room.id}${room.invite_code ? `?code=${encodeURIComponent(room.invite_code)}` : ""}`;
}

async function play(box, action) {
  const game = box.dataset.game;
  const error = box.querySelector("[data-error]");
  error.textContent = "";
  const buttons = [...box.querySelectorAll("button")];
  buttons.forEach((button) => (button.disabled = true));
  try {
    await ensureSignedIn();
    let room;
    if (action === "bots") {
      room = await api("POST", "/api/play/bots", { game, bot: box.querySelector("[data-bot]")?.value || null });
    } else if (action === "join") {
      room = await api("POST", "/api/play/join", { game });
    } else {
      room = await api("POST", "/api/rooms", { game, seats: Number(box.dataset.tableSeats), private: true });
    }
    window.location.href = roomUrl(room);
  } catch (failure) {
    error.textContent = failure.message;
    buttons.forEach((button) => (button.disabled = false));
  }
}

/** Wire every `[data-play]` box under `root`: its `[data-action]` buttons start a game. */
export function bindPlayButtons(root = document) {
  for (const box of root.querySelectorAll("[data-play]")) {
    for (const button of box.querySelectorAll("[data-action]")) {
      button.addEventListener("click", () => play(box, button.dataset.action));
    }
  }
}
