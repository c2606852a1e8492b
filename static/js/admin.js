// The admin dashboard: tabs, short polling (every 2 s) of the open panel, audited actions.
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let tab = "overview";
let inspected = null;
let selectedUser = null;

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function button(text, onClick, testid) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (testid) b.dataset.testid = testid;
  b.addEventListener("click", onClick);
  return b;
}

async function act(method, path, body) {
  try {
    await api(method, path, body);
    $("admin-status").textContent = t("admin.done");
  } catch (error) {
    $("admin-status").textContent = error.message;
  }
  await refresh();
}

async function overview() {
  const data = await api("GET", "/api/admin/overview");
  $("stat-sockets").textContent = data.sockets;
  $("stat-moves").textContent = data.recent.moves_last_minute;
  const p50 = data.recent.p50_ms ?? "–";
  const p99 = data.recent.p99_ms ?? "–";
  $("stat-latency").textContent = `${p50} / ${p99} ms`;
  $("stat-errors").textContent = data.recent.errors_window;
  $("stat-clocks").textContent = data.deadlines.waiting;
  const overdue = data.deadlines.overdue;
  $("stat-overdue").textContent = overdue.length ? overdue.map((r) => `${r.id} (+${r.late_seconds} s)`).join(", ") : "0";
  $("room-counts").replaceChildren(
    ...data.rooms.map((row) => {
      const tr = document.createElement("tr");
      tr.append(cell(row.game), cell(t(`lobby.status.${row.status}`)), cell(row.count));
      return tr;
    }),
  );
}

async function rooms() {
  const form = new FormData($("room-filter"));
  const query = new URLSearchParams([...form].filter(([, v]) => v)).toString();
  const list = await api("GET", `/api/admin/rooms?${query}`);
  $("room-rows").replaceChildren(
    ...list.map((room) => {
      const tr = document.createElement("tr");
      tr.dataset.room = room.id;
      tr.append(cell(room.game), cell(t(`lobby.status.${room.status}`)), cell(room.seats.join(", ")), cell(`v${room.version}`));
      const td = document.createElement("td");
      td.append(button(t("admin.inspect"), () => { inspected = room.id; refresh(); }, `inspect-${room.id}`));
      tr.append(td);
      return tr;
    }),
  );
  if (!list.length) $("room-rows").replaceChildren(Object.assign(document.createElement("tr"), { textContent: t("admin.no_rooms") }));
  if (inspected) await inspect(inspected);
}

async function inspect(roomId) {
  const data = await api("GET", `/api/admin/rooms/${roomId}`);
  const room = data.room;
  $("inspector").hidden = false;
  $("insp-id").textContent = room.id;
  $("insp-status").textContent = t(`lobby.status.${room.status}`);
  $("insp-version").textContent = room.version;
  $("insp-presence").textContent = JSON.stringify(data.presence);
  const reason = () => $("insp-reason").value;
  $("insp-seats").replaceChildren(
    ...room.seats.map((seat) => {
      const li = document.createElement("li");
      li.textContent = `${seat.name || t("room.open_seat")} (${seat.kind}) `;
      if (seat.kind === "player") {
        li.append(
          button(t("admin.kick"), () => act("POST", `/api/admin/rooms/${room.id}/seats/${seat.position}/kick`, { reason: reason() })),
          " ",
          button(t("admin.to_bot"), () => act("POST", `/api/admin/rooms/${room.id}/seats/${seat.position}/bot`, { reason: reason() })),
          " ",
          button(t("admin.ban"), () => act("POST", `/api/admin/users/${seat.user_id}/ban`, { reason: reason() }), `ban-seat-${seat.position}`),
        );
      }
      return li;
    }),
  );
  $("insp-moves").replaceChildren(
    ...data.moves.map((move) => {
      const li = document.createElement("li");
      li.textContent = `#${move.seq} ${move.at.slice(11, 19)} · seat ${move.seat} · ${JSON.stringify(move.move)}`;
      return li;
    }),
  );
  $("insp-chat").replaceChildren(
    ...data.chat.map((m) => Object.assign(document.createElement("li"), { textContent: `${m.name}: ${m.text}` })),
  );
  $("insp-views").replaceChildren(
    ...Object.entries(data.views).map(([audience, view]) => {
      const box = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = audience === data.spectator ? t("admin.spectator") : t("seat.label", { n: Number(audience) + 1 });
      const pre = document.createElement("pre");
      pre.textContent = JSON.stringify(view, null, 1);
      box.append(summary, pre);
      return box;
    }),
  );
}

async function users() {
  const q = new FormData($("user-filter")).get("q") || "";
  const list = await api("GET", `/api/admin/users?q=${encodeURIComponent(q)}`);
  $("user-rows").replaceChildren(
    ...list.map((user) => {
      const tr = document.createElement("tr");
      tr.dataset.user = user.id;
      const flags = [user.guest ? t("account.guest") : "", user.admin ? "admin" : "", user.banned ? t("admin.banned") : ""].filter(Boolean).join(", ");
      tr.append(cell(user.name), cell(user.username || "—"), cell(flags));
      const td = document.createElement("td");
      td.append(
        button(t("admin.history"), () => { selectedUser = user.id; refresh(); }),
        " ",
        user.banned
          ? button(t("admin.unban"), () => act("POST", `/api/admin/users/${user.id}/unban`, { reason: "" }))
          : button(t("admin.ban"), () => act("POST", `/api/admin/users/${user.id}/ban`, { reason: prompt(t("admin.reason")) || "" })),
      );
      if (!user.guest) {
        td.append(" ", button(user.admin ? t("admin.demote") : t("admin.promote"),
          () => act("POST", `/api/admin/users/${user.id}/admin`, { admin: !user.admin, reason: "" })));
      }
      tr.append(td);
      return tr;
    }),
  );
  if (selectedUser) {
    const data = await api("GET", `/api/admin/users/${selectedUser}`);
    const box = $("user-detail");
    box.hidden = false;
    const title = document.createElement("h3");
    title.textContent = `${data.user.name} — ${t("admin.history")}`;
    const list = document.createElement("ul");
    for (const room of data.rooms) {
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/r/${room.id}`;
      link.textContent = `${room.game} (${t(`lobby.status.${room.status}`)})`;
      li.append(link);
      list.append(li);
    }
    box.replaceChildren(title, list);
  }
}

async function audit() {
  const entries = await api("GET", "/api/admin/audit");
  $("audit-rows").replaceChildren(
    ...entries.map((entry) => {
      const tr = document.createElement("tr");
      tr.append(cell(entry.at.slice(0, 19).replace("T", " ")), cell(entry.admin), cell(entry.action),
        cell(`${entry.target_type} ${entry.target_id}`), cell(entry.reason));
      return tr;
    }),
  );
}

async function reports() {
  const open = await api("GET", "/api/admin/reports");
  $("reports-none").hidden = open.length > 0;
  $("report-rows").replaceChildren(
    ...open.map((report) => {
      const tr = document.createElement("tr");
      const room = document.createElement("td");
      const link = document.createElement("a");
      link.href = `/r/${report.room}`;
      link.textContent = report.room;
      room.append(link);
      const actions = document.createElement("td");
      if (!report.deleted) {
        actions.append(button(t("moderation.delete"), () => act("POST", `/api/rooms/${report.room}/chat/${report.message}/delete`, { reason: report.reason }), "report-delete"), " ");
      }
      actions.append(button(t("moderation.resolve"), () => act("POST", `/api/admin/reports/${report.id}/resolve`, {}), "report-resolve"));
      tr.append(cell(report.at.slice(0, 19).replace("T", " ")), room, cell(report.author),
        cell(report.deleted ? t("moderation.removed") : report.text), cell(report.reporter), cell(report.reason), actions);
      return tr;
    }),
  );
}

const panels = { overview, rooms, users, reports, audit };

async function refresh() {
  try {
    await panels[tab]();
  } catch (error) {
    $("admin-status").textContent = error.message;
  }
}

export function start() {
  for (const tabButton of document.querySelectorAll("[data-tab]")) {
    tabButton.addEventListener("click", () => {
      tab = tabButton.dataset.tab;
      for (const other of document.querySelectorAll("[data-tab]")) other.setAttribute("aria-selected", String(other === tabButton));
      for (const panel of document.querySelectorAll("[data-panel]")) panel.hidden = panel.dataset.panel !== tab;
      refresh();
    });
  }
  $("room-filter").addEventListener("submit", (event) => { event.preventDefault(); refresh(); });
  $("user-filter").addEventListener("submit", (event) => { event.preventDefault(); refresh(); });
  $("insp-close").addEventListener("click", () => act("POST", `/api/admin/rooms/${inspected}/close`, { reason: $("insp-reason").value }));
  $("insp-message").addEventListener("submit", (event) => {
    event.preventDefault();
    act("POST", `/api/admin/rooms/${inspected}/message`, { text: $("insp-text").value });
    $("insp-text").value = "";
  });
  refresh();
  setInterval(refresh, 2000);
}
