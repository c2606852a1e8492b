// The tournament page: facts, standings and tables drawn from GET /api/tournaments/{id},
// polled every few seconds (a socket message for standings is still to come); the host's
// controls (bots, start, cancel, remove) and joining call the same API.
import { api } from "./api.js";
import { label, lang, t } from "./i18n.js";

const POLL_MS = 2000;

const root = document.getElementById("tournament");
const id = root?.dataset.tournament;
const code = root?.dataset.code || "";
const path = `/api/tournaments/${id}`;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "testid") node.setAttribute("data-testid", value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

const numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
const points = (value) => numbers.format(value);

function showError(error) {
  document.getElementById("tournament-error").textContent = error
    ? t("tournament.error", { message: error.message })
    : "";
}

async function act(method, suffix, body) {
  try {
    showError(null);
    draw(await api(method, `${path}${suffix}`, body));
  } catch (error) {
    showError(error);
  }
}

function drawFacts(data) {
  const facts = [
    t("tournament.format", { format: data.format }),
    t("tournament.seats", { n: data.seats }),
    data.format === "arena"
      ? t("tournament.minutes", { n: data.duration_minutes })
      : data.rounds
        ? t("tournament.rounds", { n: data.rounds })
        : null,
    t("tournament.entrants", { n: data.entrants }),
    data.rated ? t("tournament.rated") : t("tournament.casual"),
    data.host ? t("tournament.hosted_by", { name: data.host.name }) : null,
  ].filter(Boolean);
  document.getElementById("tournament-facts").replaceChildren(
    ...facts.map((text) => el("span", { className: "badge" }, text)),
  );
  let status = t("tournament.status", { status: data.status });
  if (data.status === "running" && data.rounds) {
    status += ` — ${t("tournament.round_of", { round: data.round, rounds: data.rounds })}`;
  }
  if (data.paused) status = t("tournament.paused");
  document.getElementById("tournament-status").textContent = status;
  const winners = document.getElementById("tournament-winners");
  winners.hidden = !data.winners?.length;
  if (data.winners?.length) {
    winners.textContent = t("tournament.winners", { count: data.winners.length, names: data.winners.join(", ") });
  }
  const invite = document.getElementById("tournament-invite");
  invite.hidden = !(data.private && data.invite_url);
  if (data.invite_url) {
    const link = document.getElementById("tournament-invite-link");
    link.href = data.invite_url;
    link.textContent = data.invite_url;
  }
}

function drawControls(data) {
  const waiting = data.status === "waiting";
  document.getElementById("tournament-join").hidden = !waiting || Boolean(data.you.entrant);
  document.getElementById("tournament-joined").hidden = !data.you.entrant || data.you.left;
  // The player's game of this tournament, as soon as its table is made (an arena seats
  // players the moment they are free).
  document.getElementById("your-table").hidden = !data.you.table;
  if (data.you.table) document.getElementById("your-table-link").href = data.you.table;
  const leave = document.getElementById("leave-tournament");
  if (leave) {
    leave.hidden = !data.you.entrant || data.you.left || !["waiting", "running"].includes(data.status);
  }
  const hosting = data.you.host || data.you.admin;
  const tools = document.getElementById("host-tools");
  tools.hidden = !hosting || !["waiting", "running"].includes(data.status);
  for (const button of ["add-bot", "start-tournament"]) {
    document.getElementById(button).hidden = !waiting;
  }
  document.getElementById("pause-tournament").hidden = data.status !== "running" || data.paused;
  document.getElementById("resume-tournament").hidden = !data.paused;
  document.getElementById("bot-level").hidden = !waiting;
  document.querySelector('label[for="bot-level"]').hidden = !waiting;
  document.getElementById("tournament-need").textContent =
    waiting && data.entrants < data.seats ? t("tournament.need", { n: data.seats }) : "";
}

function drawStandings(data) {
  const removable = (data.you.host || data.you.admin) && ["waiting", "running"].includes(data.status);
  document.getElementById("remove-col").hidden = !removable;
  const rows = data.standings.map((row) => {
    const name = el("td", {}, row.name);
    if (row.bot) name.append(" ", el("span", { className: "hint" }, `(${t("tournament.bot", { level: t("tournament.level", { level: row.bot }) })})`));
    if (row.removed) name.append(" ", el("span", { className: "badge" }, t("tournament.removed")));
    const cells = [
      el("td", {}, String(row.rank)),
      name,
      el("td", {}, el("b", {}, points(row.points))),
      el("td", {}, String(row.games)),
      el("td", {}, points(row.tiebreak)),
    ];
    if (removable) {
      const remove = el("button", { type: "button", className: "secondary small", textContent: t("tournament.remove") });
      remove.setAttribute("aria-label", t("tournament.remove_label", { name: row.name }));
      remove.hidden = row.removed;
      remove.addEventListener("click", () => act("POST", "/remove", { entrant: row.id }));
      cells.push(el("td", {}, remove));
    }
    return el("tr", { testid: `standing-${row.id}` }, ...cells);
  });
  document.getElementById("standings").replaceChildren(...rows);
}

function drawRounds(data) {
  const byRound = new Map();
  for (const table of data.tables) {
    if (!byRound.has(table.round)) byRound.set(table.round, { tables: [], byes: [] });
    byRound.get(table.round).tables.push(table);
  }
  for (const bye of data.byes) {
    if (!byRound.has(bye.round)) byRound.set(bye.round, { tables: [], byes: [] });
    byRound.get(bye.round).byes.push(bye);
  }
  const sections = [...byRound.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([round, { tables, byes }]) => {
      const list = el("ul", { className: "recent" });
      for (const table of tables) {
        const who = table.entrants
          .map((entrant, seat) => (table.points ? `${entrant.name} (${points(table.points[seat])})` : entrant.name))
          .join(" · ");
        const watch = el("a", {
          href: table.url,
          textContent: table.room_status === "finished" ? t("tournament.replay") : t("tournament.watch"),
        });
        if (table.room_status === "finished") watch.href = `/r/${table.room_id}/replay?code=${table.url.split("code=")[1]}`;
        list.append(el("li", { className: "row", testid: `table-${table.room_id}` }, el("span", {}, who), watch));
      }
      for (const bye of byes) {
        list.append(el("li", { className: "hint" }, t("tournament.bye", { name: bye.entrant.name, points: points(bye.points) })));
      }
      return el("section", {}, el("h3", {}, t("tournament.round", { round })), list);
    });
  document.getElementById("rounds").replaceChildren(...sections);
  document.getElementById("no-tables").hidden = sections.length > 0;
}

function draw(data) {
  drawFacts(data);
  drawControls(data);
  drawStandings(data);
  drawRounds(data);
  document.title = `${t("tournament.heading", { game: label(data.game_name) })} — ${t("tournament.status", { status: data.status })}`;
}

async function poll() {
  try {
    const data = await api("GET", code ? `${path}?code=${encodeURIComponent(code)}` : path);
    draw(data);
    return data.status;
  } catch {
    return null; // offline for a moment: the next look tries again
  }
}

export async function start() {
  document.getElementById("join-button")?.addEventListener("click", () =>
    act("POST", "/join", { invite_code: code || null }),
  );
  document.getElementById("add-bot").addEventListener("click", () =>
    act("POST", "/bots", { level: document.getElementById("bot-level").value }),
  );
  document.getElementById("start-tournament").addEventListener("click", () => act("POST", "/start"));
  document.getElementById("pause-tournament").addEventListener("click", () => act("POST", "/pause"));
  document.getElementById("resume-tournament").addEventListener("click", () => act("POST", "/resume"));
  document.getElementById("leave-tournament")?.addEventListener("click", () => {
    if (window.confirm(t("tournament.leave_confirm"))) act("POST", "/leave");
  });
  document.getElementById("cancel-tournament").addEventListener("click", () => {
    if (window.confirm(t("tournament.cancel_confirm"))) act("POST", "/cancel");
  });
  await poll();
  const timer = setInterval(async () => {
    const status = await poll();
    if (status === "finished" || status === "cancelled") clearInterval(timer);
  }, POLL_MS);
}
