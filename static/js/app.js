// Boot: read data-page and load that page's module.
import { api } from "./api.js";

const pages = {
  lobby: () => import("./lobby.js"),
  login: () => import("./login.js"),
  room: () => import("./room.js"),
  replay: () => import("./replay.js"),
  admin: () => import("./admin.js"),
  game: () => import("./game.js"),
  tutorial: () => import("./tutorial.js"),
  mygames: () => import("./mygames.js"),
  account: () => import("./account.js"),
  profile: () => import("./profile.js"),
  tournament: () => import("./tournament.js"),
  tournaments: () => import("./tournaments.js"),
};

// Signed-in pages keep count of the games waiting on the user (tab title, nav badge).
if (document.getElementById("my-games-badge") && document.body.dataset.page !== "mygames") {
  import("./mygames.js").then((module) => module.watchMyGames());
}

// The phone menu: the header's links behind one button (the desktop shows them inline).
const menu = document.getElementById("menu-button");
if (menu) {
  menu.addEventListener("click", () => {
    const open = menu.closest("header").classList.toggle("open");
    menu.setAttribute("aria-expanded", String(open));
  });
}

const logout = document.getElementById("logout");
if (logout) {
  logout.addEventListener("click", async () => {
    await api("POST", "/api/logout");
    window.location.href = "/";
  });
}

// Any page may offer "play as a guest": start the session, then reload as that guest.
const guest = document.getElementById("guest-form");
if (guest) {
  guest.addEventListener("submit", async (event) => {
    event.preventDefault();
    await api("POST", "/api/guests", { name: new FormData(guest).get("name") });
    window.location.reload();
  });
}

const page = document.body.dataset.page;
if (pages[page]) {
  // data-ready marks a page whose buttons are wired (tests wait for it before clicking).
  pages[page]()
    .then((module) => module.start())
    .then(() => (document.body.dataset.ready = "true"));
}
