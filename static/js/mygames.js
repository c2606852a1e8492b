// "My games": the user's running games, your turn first (GET /api/my-games), the players
// they follow (follows.js), and the watcher every page runs: nav badge, tab title "(n) …",
// the count on the favicon, and a Notification (when allowed) when a game becomes the
// user's turn while they are elsewhere.
import { api } from "./api.js";
import { formatClock } from "./clocks.js";
import { serverNow, syncServerTime } from "./clock.js";
import { drawChallenges } from "./challenges.js";
import { drawFollowing } from "./follows.js";
import { label, t } from "./i18n.js";

const baseTitle = document.title.replace(/^\(\d+\) /, "");
let known = null; // room ids that were "your turn" at the last look

export async function fetchMyGames() {
  const data = await api("GET", "/api/my-games");
  syncServerTime(data.server_time);
  return data;
}

function showCount(count) {
  document.title = count ? `(${count}) ${baseTitle}` : baseTitle;
  const badge = document.getElementById("my-games-badge");
  if (badge) {
    badge.hidden = !count;
    badge.textContent = String(count);
    badge.title = t("mygames.badge", { count });
  }
  const icon = document.querySelector('link[rel="icon"][type="image/svg+xml"]');
  if (icon) {
    icon.dataset.base ??= icon.href;
    icon.href = count ? faviconWithCount(count) : icon.dataset.base;
  }
}

function faviconWithCount(count) {
  const shown = count > 9 ? "9+" : String(count);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#1f5f8b"/><text x="12" y="23" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">A</text><circle cx="23" cy="9" r="9" fill="#b5312f"/><text x="23" y="13.5" font-size="12" font-weight="bold" text-anchor="middle" fill="#fff" font-family="sans-serif">${shown}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function notifyNew(games) {
  const mine = games.filter((g) => g.your_turn);
  const here = document.getElementById("room")?.dataset.room;
  if (known !== null) {
    for (const game of mine) {
      if (known.has(game.id) || game.id === here) continue;
      const text = t("mygames.notify", { game: label(game.game_name) });
      const note = document.getElementById("turn-note") ?? document.createElement("a");
      note.id = "turn-note";
      note.className = "turn-note";
      note.href = `/r/${game.id}`;
      note.textContent = text;
      note.dataset.testid = "turn-note";
      note.setAttribute("data-testid", "turn-note");
      if (!note.isConnected) document.querySelector("main")?.prepend(note);
      if (window.Notification?.permission === "granted" && document.visibilityState !== "visible") {
        new Notification("Agora", { body: text, tag: game.id });
      }
    }
  }
  known = new Set(mine.map((g) => g.id));
}

/** Every page with a signed-in user: keep the count of games waiting on them. */
export function watchMyGames(intervalMs = 20000) {
  if (!document.getElementById("my-games-badge")) return;
  const look = async () => {
    try {
      const data = await fetchMyGames();
      showCount(data.your_turn);
      notifyNew(data.games);
    } catch {
      /* offline or logged out: try again later */
    }
  };
  look();
  setInterval(look, intervalMs);
}

export async function start() {
  drawChallenges();
  setInterval(drawChallenges, 10000);
  drawFollowing();
  setInterval(drawFollowing, 15000);
  const list = document.getElementById("my-games");
  const draw = async () => {
    const data = await fetchMyGames();
    showCount(data.your_turn);
    list.replaceChildren();
    document.getElementById("my-games-empty").hidden = data.games.length > 0;
    for (const game of data.games) {
      const item = document.createElement("li");
      item.className = game.your_turn ? "your-turn" : "";
      item.dataset.room = game.id;
      item.setAttribute("data-testid", `my-game-${game.id}`);
      const link = document.createElement("a");
      link.href = `/r/${game.id}`;
      link.textContent = label(game.game_name);
      const who = game.your_turn
        ? t("mygames.your_turn")
        : game.reclaimable
          ? t("room.time_out")
          : t("mygames.waiting", { name: game.to_act_names.join(", ") });
      const status = document.createElement("span");
      status.className = "status";
      status.textContent = ` — ${who}`;
      item.append(link, status);
      if (game.expires_at) {
        const left = document.createElement("span");
        left.className = "seat-clock running";
        left.textContent = t("mygames.time_left", { time: formatClock(game.expires_at - serverNow(), game.clock) });
        item.append(" ", left);
      }
      list.append(item);
    }
  };
  await draw();
  setInterval(draw, 15000);
  if (window.Notification?.permission === "default") {
    const ask = document.createElement("button");
    ask.type = "button";
    ask.className = "secondary";
    ask.textContent = t("mygames.enable_notifications");
    ask.addEventListener("click", () => Notification.requestPermission().then(() => ask.remove()));
    list.before(ask);
  }
}
