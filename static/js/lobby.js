// The landing page and lobby: game cards with one-click play, the open tables (filtered by
// game and free seats, refreshed without reload), games to watch, and the full create form.
import { api } from "./api.js";
import { label, t } from "./i18n.js";
import { drawIllustration } from "./illustrations/index.js";
import { optionField, readOptions } from "./options.js";
import { bindPlayButtons, roomUrl } from "./play.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;
let games = [];
let lastRooms = [];

function gameName(id) {
  return label(games.find((game) => game.id === id)?.name) || id;
}

function roomItem(room) {
  const item = document.createElement("li");
  item.dataset.room = room.id;
  item.dataset.game = room.game;
  const free = room.seat_count - room.seats.length;
  const link = document.createElement("a");
  link.href = `/r/${room.id}`;
  const names = room.seats.map((seat) => seat.name).join(", ");
  link.textContent = `${gameName(room.game)} · ${names || "—"}`;
  const seats = document.createElement("span");
  seats.className = "seats-count";
  seats.textContent = room.status === "waiting" ? t("front.free_seats", { n: free, total: room.seat_count }) : t("front.players_n", { n: room.seat_count });
  const status = document.createElement("span");
  status.className = `badge ${room.status}`;
  status.textContent = t(`lobby.status.${room.status}`);
  const action = document.createElement("a");
  action.href = `/r/${room.id}`;
  action.className = "button small";
  action.textContent = room.status === "waiting" ? t("lobby.join") : t("lobby.watch");
  action.setAttribute("aria-label", `${action.textContent}: ${link.textContent}`);
  item.append(status, " ", link, " ", seats, " ", action);
  return item;
}

function empty(text) {
  const item = document.createElement("li");
  item.className = "hint";
  item.textContent = text;
  return item;
}

function drawRooms() {
  const game = $("filter-game").value;
  const freeOnly = $("filter-free").checked;
  const shown = lastRooms.filter((room) => !game || room.game === game);
  const waiting = shown.filter((room) => room.status === "waiting" && (!freeOnly || room.seats.length < room.seat_count));
  const playing = shown.filter((room) => room.status === "playing");
  $("room-list").replaceChildren(...(waiting.length ? waiting.map(roomItem) : [empty(t("lobby.none"))]));
  $("playing-list").replaceChildren(...(playing.length ? playing.map(roomItem) : [empty(t("front.none_playing"))]));
}

async function refreshRooms() {
  if (document.hidden) return; // a background tab does not poll
  try {
    lastRooms = await api("GET", "/api/rooms");
    drawRooms();
  } catch {
    // The next tick tries again; the list keeps its last content meanwhile.
  }
}

function setupCards() {
  for (const card of document.querySelectorAll(".game-card")) {
    drawIllustration(card.querySelector("[data-art]"), card.dataset.game);
  }
  bindPlayButtons();
}

function setupCreateForm() {
  const form = $("create-form");
  if (!form) return;
  const select = $("game-select");
  const seats = $("seats-input");
  const showOptions = () => {
    const game = games.find((g) => g.id === select.value);
    if (!game) return;
    seats.min = game.min_seats;
    seats.max = game.max_seats;
    seats.value = Math.min(Math.max(Number(seats.value), game.min_seats), game.max_seats);
    $("game-options").replaceChildren(...game.options.map((option) => optionField(option)));
    showSoloOptions();
  };
  // Akropolis: the Architect's level only matters solo; the long game is refused with 4 seats.
  const showSoloOptions = () => {
    if (select.value !== "akropolis") return;
    const count = Number(seats.value);
    for (const field of $("game-options").querySelectorAll("[data-option=architect_level]")) {
      field.style.display = count === 1 ? "" : "none";
    }
    for (const field of $("game-options").querySelectorAll("[data-option=long_game]")) {
      field.style.display = count >= 4 ? "none" : "";
      if (count >= 4) field.querySelector("input").checked = false;
    }
  };
  seats.addEventListener("input", showSoloOptions);
  select.addEventListener("change", showOptions);
  showOptions();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    try {
      const room = await api("POST", "/api/rooms", {
        game: select.value,
        seats: Number(seats.value),
        options: readOptions($("game-options")),
        private: $("private-input").checked,
      });
      window.location.href = roomUrl(room);
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
}

export function start() {
  games = JSON.parse($("games-data").textContent);
  setupCards();
  setupCreateForm();
  $("filter-game").addEventListener("change", drawRooms);
  $("filter-free").addEventListener("change", drawRooms);
  refreshRooms();
  setInterval(refreshRooms, REFRESH_MS);
  document.addEventListener("visibilitychange", refreshRooms);
}
