// Shared panels of the Agorapolis board: phase banner, renown track, market, active cards,
// action order, the resist prompt with its countdown, exploit bids, resolution, strife and
// insight. The event log is in log.js, the final table in result.js.
import { t } from "../../i18n.js";
import { SECTORS, cardName, dieNode, el, sectorName } from "./dom.js";
import { describeMove } from "./actions.js";
import { seatColour } from "./players.js";
import { statusLine } from "./refusals.js";
import { serverNow } from "../../clock.js";

/** The phase banner: round, phase and what is awaited (the board adds its zoom buttons). */
export function phaseBanner(ctx) {
  const game = ctx.game;
  const box = el("div", "agp-banner");
  const text = el("div", "agp-banner-text");
  text.setAttribute("aria-live", "polite");
  text.dataset.testid = "agp-phase";
  text.append(el("span", "agp-round", t("agorapolis.round_n", { n: game.round, limit: game.round_limit })));
  const sector = game.sector ? sectorName(game.sector) : "";
  // Over, on the room page (which says "Game over" once above the board), no phase label.
  if (game.phase !== "GAME_OVER" || !ctx.headline) {
    text.append(el("strong", "agp-phase", t(`agorapolis.phase.${game.phase}`, { sector })));
  }
  // The room's status line already says whose turn it is; the replay page has none.
  if (game.phase !== "GAME_OVER" && !ctx.headline) {
    const mine = ctx.toAct.includes(ctx.seat);
    const who = mine ? t("agorapolis.your_turn") : t("agorapolis.waiting_for", { names: ctx.toAct.map((s) => ctx.names[s]).join(", ") || "…" });
    const line = el("span", `agp-who${mine ? " mine" : ""}`, who);
    line.dataset.testid = "agp-who";
    text.append(line);
  }
  box.append(text);
  return box;
}

/** The renown track 0..target with a token per player. */
export function renownTrack(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-track-box");
  box.setAttribute("aria-label", t("agorapolis.renown_track"));
  box.append(el("h3", "agp-h", t("agorapolis.renown_track_target", { n: game.renown_target })));
  const top = Math.max(game.renown_target, ...game.players.map((p) => p.renown));
  const initials = game.players.map((p) => (ctx.names[p.seat] || "?").slice(0, 1).toUpperCase());
  const tokenText = (seat) => (initials.filter((x) => x === initials[seat]).length > 1 ? `${initials[seat]}${seat + 1}` : initials[seat]);
  const track = el("ol", "agp-track");
  for (let step = 0; step <= top; step += 1) {
    const cell = el("li", `agp-step${step === game.renown_target ? " goal" : ""}`);
    cell.append(el("span", "agp-step-n", step));
    for (const player of game.players.filter((p) => p.renown === step)) {
      const token = el("span", "agp-token");
      token.style.background = seatColour(ctx, player.seat);
      token.title = `${ctx.names[player.seat]}: ${player.renown}`;
      token.textContent = tokenText(player.seat);
      token.setAttribute("aria-label", token.title);
      cell.append(token);
    }
    track.append(cell);
  }
  box.append(track);
  return box;
}

/** The market (3 dice), the colony if any, deck and discard. */
export function marketPanel(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-market");
  box.setAttribute("aria-label", t("agorapolis.market_title"));
  box.append(el("h3", "agp-h", t("agorapolis.market_title")));
  const row = el("div", "agp-dice");
  row.dataset.testid = "market";
  game.market.forEach((die, index) => {
    const node = dieNode(die);
    // In the seat's action turn a market die can be pressed: it picks that die for a swap,
    // or the status line below says why no swap is possible.
    if (ctx.marketClick) pressable(node, `market:${index}`, () => ctx.marketClick(index));
    row.append(node);
  });
  box.append(row);
  if (ctx.marketClick) box.append(statusLine("market"));
  if (game.colony) {
    const owner = game.colony.owner;
    box.append(el("p", "agp-sub", t("agorapolis.colony_of", { name: ctx.names[owner] ?? "?" })));
    const colony = el("div", "agp-dice");
    (game.colony.dice || []).forEach((die) => colony.append(dieNode(die)));
    box.append(colony);
  }
  box.append(el("p", "agp-sub", t("agorapolis.deck_line", { deck: game.deck_size, discard: (game.discard || []).length })));
  return box;
}

/** Make a die picture a keyboard-reachable button (Enter and Space press it). */
export function pressable(node, focusKey, action) {
  node.setAttribute("role", "button");
  node.tabIndex = 0;
  node.dataset.focusKey = focusKey;
  node.classList.add("pickable");
  node.addEventListener("click", action);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

/** Active (and cancelled) exploit cards of this round. */
export function cardsPanel(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-active-cards");
  box.append(el("h3", "agp-h", t("agorapolis.active_cards")));
  const list = el("ul", "agp-list");
  for (const entry of game.active_cards || []) {
    const param = entry.params?.sector ? ` (${sectorName(entry.params.sector)})` : "";
    const item = el("li", "", `${cardName(entry.card)}${param} — ${ctx.names[entry.owner]}`);
    item.title = t(`agorapolis.card_help.${entry.card}`);
    list.append(item);
  }
  for (const entry of game.cancelled_cards || []) {
    const card = entry.card ?? entry;
    list.append(el("li", "cancelled", `${cardName(card)} — ${t("agorapolis.cancelled")}`));
  }
  if (!list.children.length) list.append(el("li", "agp-sub", t("agorapolis.no_active_cards")));
  box.append(list);
  return box;
}

/** Seats that finalised the current sector, in the order they did (from the public events). */
function finalisedOrder(game) {
  const order = [];
  for (const e of game.events || []) {
    if (e.event === "finalised" && e.sector === game.sector && e.round === game.round && !order.includes(e.seat)) order.push(e.seat);
  }
  return order;
}

/** The action order of the current sector, as a strip: done ✓, active ▶, queue …, undesignated ?. */
export function orderPanel(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-strip agp-order");
  box.dataset.testid = "agp-order";
  box.setAttribute("aria-label", t("agorapolis.order_title", { sector: sectorName(game.sector) }));
  box.append(el("span", "agp-strip-title", t("agorapolis.order_short")));
  const list = el("ol", "agp-order-list");
  const seen = new Set();
  const add = (seat, state) => {
    if (seen.has(seat) || seat === null || seat === undefined) return;
    seen.add(seat);
    const mark = { done: "✓", active: "▶", queued: "…", open: "?" }[state];
    const item = el("li", `agp-order-${state}`, `${mark} ${ctx.names[seat]}${seat === game.holder ? " ◆" : ""}`);
    item.title = t(`agorapolis.order.${state}`);
    item.setAttribute("aria-label", `${ctx.names[seat]}: ${item.title}`);
    if (state === "active") item.setAttribute("aria-current", "step");
    list.append(item);
  };
  for (const seat of finalisedOrder(game)) add(seat, "done");
  for (const player of game.players) if (player.finalised?.[game.sector]) add(player.seat, "done");
  if (game.active_seat !== null && game.phase !== "ACTION_DESIGNATE") add(game.active_seat, "active");
  for (const seat of game.queue || []) add(seat, "queued");
  for (const player of game.players) add(player.seat, "open");
  box.append(list);
  if (game.phase === "ACTION_DESIGNATE") box.append(el("span", "agp-sub", t("agorapolis.holder_designates", { name: ctx.names[game.holder] })));
  return box;
}

/** Who has committed a secret choice (✓ ready) and who is still choosing; never what. */
export function readyStrip(ctx) {
  const game = ctx.game;
  const committed = game.committed || [];
  const box = el("section", "agp-strip agp-ready-strip");
  box.dataset.testid = "agp-ready-strip";
  box.setAttribute("aria-label", t("agorapolis.ready_title"));
  box.append(el("span", "agp-strip-title", t("agorapolis.ready_title")));
  const list = el("ul", "agp-order-list");
  for (const player of game.players) {
    const ready = committed.includes(player.seat);
    if (!ready && !ctx.toAct.includes(player.seat)) continue;
    const state = ready ? t("agorapolis.ready") : t("agorapolis.thinking");
    const item = el("li", ready ? "agp-order-done" : "agp-order-open", `${ready ? "✓" : "…"} ${ctx.names[player.seat]}`);
    item.setAttribute("aria-label", `${ctx.names[player.seat]}: ${state}`);
    item.title = state;
    list.append(item);
  }
  box.append(list);
  const mine = game.my_commit?.move;
  if (mine) {
    const line = el("span", "agp-sub agp-my-commit", t("agorapolis.my_commit", { choice: describeMove(ctx, mine) }));
    line.dataset.testid = "my-commit";
    box.append(line);
  }
  return box;
}

/** Seconds left on the view's reaction deadline, or null. */
export function secondsLeft(deadline) {
  if (!deadline?.expires_at) return null;
  const left = Math.max(0, Math.ceil(deadline.expires_at - serverNow()));
  // Never more than the deadline's length: the clock offset is only known to within the
  // messages' latency, and "21 s" on a 20 s deadline reads as a bug.
  return deadline.seconds ? Math.min(Math.ceil(deadline.seconds), left) : left;
}

/** The pending military attack and the resist countdown (to everyone; moves come from legal_moves). */
export function attackPanel(ctx, deadline) {
  const attack = ctx.game.attack;
  const box = el("section", "agp-attack");
  box.setAttribute("role", "alert");
  box.dataset.testid = "agp-attack";
  box.append(
    el("p", "agp-attack-line", t("agorapolis.attack_line", {
      attacker: ctx.names[attack.attacker], target: ctx.names[attack.target], sector: sectorName(attack.sector), points: attack.points,
    })),
  );
  if (deadline) {
    const clock = el("p", "agp-countdown");
    clock.dataset.testid = "countdown";
    clock.dataset.expires = String(deadline.expires_at);
    if (deadline.seconds) clock.dataset.seconds = String(deadline.seconds);
    clock.textContent = t("agorapolis.countdown", { n: secondsLeft(deadline) });
    clock.setAttribute("aria-live", "off");
    box.append(clock);
  }
  if (attack.target === ctx.seat) box.append(el("p", "agp-sub", t("agorapolis.resist_help")));
  if (attack.target === ctx.seat && ctx.autoResist) box.append(el("p", "agp-sub", t("agorapolis.pref.auto_note")));
  return box;
}

/** Refresh every countdown on the page (called by a timer). */
export function tickCountdowns(root) {
  for (const clock of root.querySelectorAll("[data-testid=countdown]")) {
    const n = secondsLeft({
      expires_at: Number(clock.dataset.expires),
      seconds: Number(clock.dataset.seconds || 0),
    });
    clock.textContent = t("agorapolis.countdown", { n });
    clock.classList.toggle("urgent", n <= 5);
  }
}

/** Exploit phase: revealed bids, the draw, and the winner's private choice. */
export function exploitPanel(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-exploit");
  box.append(el("h3", "agp-h", t("agorapolis.exploit_title")));
  if (game.bids) {
    const list = el("ul", "agp-list");
    game.bids.forEach((pay, seat) => {
      const total = pay ? Object.values(pay).reduce((a, b) => a + b, 0) : null;
      const waiting = (game.committed || []).includes(seat) ? `✓ ${t("agorapolis.ready")}` : "…";
      list.append(el("li", "", `${ctx.names[seat]}: ${total === null ? waiting : total}`));
    });
    box.append(list);
  }
  if (game.exploit_draw) box.append(el("p", "agp-sub", t("agorapolis.draw_line", { name: ctx.names[game.exploit_draw.winner], n: game.exploit_draw.count })));
  if (game.drawn_cards?.length) box.append(el("p", "agp-sub", t("agorapolis.drawn", { cards: game.drawn_cards.map((c) => cardName(c.card)).join(", ") })));
  return box;
}

/** The last resolution: winners per sector. */
export function resolutionPanel(ctx) {
  const game = ctx.game;
  const box = el("section", "agp-resolution");
  box.dataset.testid = "agp-resolution";
  box.append(el("h3", "agp-h", t("agorapolis.resolution_title")));
  const list = el("ul", "agp-list");
  for (const sector of SECTORS) {
    const winner = game.resolution.winners?.[sector];
    const text = winner === null || winner === undefined ? t("agorapolis.nobody") : ctx.names[winner];
    list.append(el("li", "", `${sectorName(sector)}: ${text}`));
  }
  box.append(list);
  return box;
}

/** Internal Strife: who attacks whom, allocations and protections once revealed. */
export function strifePanel(ctx) {
  const box = el("section", "agp-strife");
  box.append(el("h3", "agp-h", cardName("internal_strife")));
  const list = el("ul", "agp-list");
  for (const pair of ctx.game.strife.pairs || []) {
    let text = t("agorapolis.strife_pair", { attacker: ctx.names[pair.attacker], target: ctx.names[pair.target], n: pair.allocate ?? pair.m ?? 0 });
    if (pair.destroy) text += ` · ${t("agorapolis.strife_destroy", { list: amountsText(pair.destroy) })}`;
    if (pair.protect) text += ` · ${t("agorapolis.strife_protect", { list: amountsText(pair.protect) })}`;
    list.append(el("li", "", text));
  }
  box.append(list);
  return box;
}

/** "Commerce 2, Society 1" from an amounts object. */
function amountsText(object) {
  const parts = Object.entries(object || {}).filter(([, n]) => n).map(([sector, n]) => `${sectorName(sector)} ${n}`);
  return parts.join(", ") || t("agorapolis.nothing");
}

/** What Astronomical Insight lets its owner see (only present in that seat's own view). */
export function insightPanel(ctx) {
  const insight = ctx.game.insight;
  const box = el("section", "agp-insight");
  box.append(el("h3", "agp-h", cardName("astronomical_insight")));
  const list = el("ul", "agp-list");
  for (const [seat, cards] of Object.entries(insight.hands || {})) {
    const names = cards.map((c) => cardName(c.card)).join(", ") || t("agorapolis.nothing");
    list.append(el("li", "", `${ctx.names[seat]}: ${names}`));
  }
  if (insight.deck_top?.length) list.append(el("li", "", t("agorapolis.deck_top", { cards: insight.deck_top.map((c) => cardName(c.card)).join(", ") })));
  box.append(list);
  return box;
}
