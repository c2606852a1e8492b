// Shared panels of the Agorapolis board: phase banner, renown track, market, active cards,
// action order, the resist prompt with its countdown, exploit bids, event log, final table.
import { t } from "../../i18n.js";
import { SECTORS, SECTOR_COLOUR, cardName, cityName, diceCount, dieNode, el, sectorName } from "./dom.js";
import { describeMove } from "./actions.js";
import { seatColour } from "./players.js";
import { serverNow } from "../../clock.js";

/** The phase banner: round, phase and what is awaited. */
export function phaseBanner(ctx) {
  const game = ctx.game;
  const box = el("div", "agp-banner");
  box.setAttribute("aria-live", "polite");
  box.dataset.testid = "agp-phase";
  box.append(el("span", "agp-round", t("agorapolis.round_n", { n: game.round, limit: game.round_limit })));
  const sector = game.sector ? sectorName(game.sector) : "";
  // Over, on the room page (which says "Game over" once above the board), no phase label.
  if (game.phase !== "GAME_OVER" || !ctx.headline) {
    box.append(el("strong", "agp-phase", t(`agorapolis.phase.${game.phase}`, { sector })));
  }
  // The room's status line already says whose turn it is; the replay page has none.
  if (game.phase !== "GAME_OVER" && !ctx.headline) {
    const mine = ctx.toAct.includes(ctx.seat);
    const who = mine ? t("agorapolis.your_turn") : t("agorapolis.waiting_for", { names: ctx.toAct.map((s) => ctx.names[s]).join(", ") || "…" });
    const line = el("span", `agp-who${mine ? " mine" : ""}`, who);
    line.dataset.testid = "agp-who";
    box.append(line);
  }
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
  game.market.forEach((die) => row.append(dieNode(die)));
  box.append(row);
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

/** A text followed by pictures (dice), as the content of one log line. */
const withPictures = (text, ...nodes) => ({ text, nodes });
const arrow = () => el("span", "agp-arrow", " → ");

/** A readable line for a public event (text, or text and dice), or null if not worth one. */
function eventText(ctx, e) {
  const n = (seat) => ctx.names[seat] ?? "?";
  const s = (sector) => (sector ? sectorName(sector) : "");
  const die = (value) => dieNode({ value }, { cls: "tiny" });
  switch (e.event) {
    case "round_start": return t("agorapolis.ev.round_start");
    case "bets_revealed": {
      const nodes = [];
      (e.bets || []).forEach((bet, seat) => {
        if (bet === null || bet === undefined) return;
        const part = el("span", "agp-log-bet", `${n(seat)} `);
        part.append(diceCount(bet, "tiny"));
        nodes.push(part);
      });
      return withPictures(t("agorapolis.ev.bets_revealed", { sector: s(e.sector) }), ...nodes);
    }
    case "dice_rolled": return t("agorapolis.ev.dice_rolled", { sector: s(e.sector) });
    case "colony_rolled": return withPictures(t("agorapolis.ev.colony_rolled", { name: n(e.owner) }), ...(e.dice || []).map(die));
    case "finalised": return e.auto ? null : t("agorapolis.ev.finalised", { name: n(e.seat), sector: s(e.sector) });
    case "designated": return t("agorapolis.ev.designated", { name: n(e.player) });
    case "attack": return t("agorapolis.ev.attack", { attacker: n(e.attacker), target: n(e.target), sector: s(e.sector) });
    case "attack_landed": return t("agorapolis.ev.attack_landed", { target: n(e.target), sector: s(e.sector), lost: e.destroyed ?? 0, resisted: e.resisted ?? 0 });
    case "converted": return t("agorapolis.ev.converted", { name: n(e.seat), sector: s(e.to) });
    case "die_adjusted":
    case "die_rerolled":
    case "athens_set":
      if (e.before === undefined || e.after === undefined) break;
      return withPictures(t(`agorapolis.ev.${e.event}`, { name: n(e.seat), sector: s(e.sector) }), die(e.before), arrow(), die(e.after));
    case "market_swap":
      if (e.gave === undefined || e.got === undefined) break;
      return withPictures(t("agorapolis.ev.market_swap", { name: n(e.seat), sector: s(e.sector) }), die(e.gave), el("span", "agp-arrow", " ⇄ "), die(e.got));
    case "sector_winners": return t("agorapolis.ev.sector_winners", {
      list: SECTORS.filter((k) => e.winners[k] !== null && e.winners[k] !== undefined).map((k) => `${s(k)} ${n(e.winners[k])}`).join(", ") || t("agorapolis.nobody"),
    });
    case "exploits_revealed": return t("agorapolis.ev.exploits_revealed", { cards: e.cards.map((c) => cardName(c.card)).join(", ") || t("agorapolis.nothing") });
    case "bids_revealed": return t("agorapolis.ev.bids_revealed");
    case "exploit_won": return t("agorapolis.ev.exploit_won", { name: n(e.winner) });
    case "exploit_kept": return t("agorapolis.ev.exploit_kept", { name: n(e.winner), n: e.kept ?? 1 });
    case "game_end": return t("agorapolis.ev.game_end");
    default: break;
  }
  return t(`agorapolis.ev.${e.event}`, { name: n(e.seat ?? e.player ?? e.winner ?? e.owner), sector: s(e.sector) });
}

/** The last public events, newest first. */
export function eventLog(ctx) {
  const box = el("section", "agp-log");
  box.append(el("h3", "agp-h", t("agorapolis.log")));
  const list = el("ul", "agp-log-list");
  list.setAttribute("aria-live", "polite");
  const events = (ctx.game.events || []).slice().reverse();
  for (const e of events) {
    const line = eventText(ctx, e);
    const text = typeof line === "string" ? line : line?.text;
    if (!text || text.startsWith("agorapolis.")) continue;
    const item = el("li", "", text);
    const seat = e.seat ?? e.attacker ?? e.winner ?? e.owner ?? e.player;
    if (typeof seat === "number") item.style.setProperty("--seat", seatColour(ctx, seat));
    if (line.nodes?.length) {
      const pictures = el("span", "agp-log-dice");
      pictures.append(...line.nodes);
      item.append(" ", pictures);
    }
    list.append(item);
    if (list.children.length >= 12) break;
  }
  box.append(list);
  return box;
}

/**
 * The final table: ranks, players, and the renown breakdown with every column labelled in
 * player words (renown before the majority bonus, the sectors won, final renown, and the
 * reserve points that break ties). No winner headline: the room says it once above.
 */
export function finalTable(ctx, result) {
  const box = el("div", "agp-final-box");
  box.append(el("p", "agp-sub", t(`agorapolis.reason.${result.reason}`)));
  const table = el("table", "agp-final-table");
  table.setAttribute("aria-label", t("agorapolis.final.title"));
  const head = el("tr");
  for (const key of ["rank", "player", "city", "before", "majorities", "renown", "reserves"]) {
    const th = el("th", `col-${key}`, t(`agorapolis.final.${key}`));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  result.ranking.forEach((group, index) => {
    for (const seat of group) {
      const row = result.breakdown[seat];
      const tr = el("tr");
      tr.dataset.seat = String(seat);
      tr.style.setProperty("--seat", seatColour(ctx, seat));
      if (index === 0) tr.classList.add("win");
      const majorities = el("td", "agp-majorities");
      if (row.majorities.length) {
        for (const sector of row.majorities) {
          const chip = el("span", "agp-sector-tag", sectorName(sector));
          chip.style.setProperty("--tone", SECTOR_COLOUR[sector]);
          majorities.append(chip);
        }
        majorities.append(el("span", "agp-bonus", t("agorapolis.final.bonus", { n: row.majority_bonus })));
      } else {
        majorities.textContent = "—";
      }
      const name = el("th", "agp-final-name", ctx.names[seat]);
      name.scope = "row";
      const cells = [
        el("td", "num", index + 1),
        name,
        el("td", "", cityName(row.city)),
        el("td", "num", row.renown_before_bonus),
        majorities,
        el("td", "num agp-final-renown", row.renown),
        el("td", "num", row.reserve_total),
      ];
      cells.forEach((cell, i) => {
        cell.dataset.label = t("agorapolis.final.label", { label: head.children[i].textContent });
      });
      tr.append(...cells);
      body.append(tr);
    }
  });
  table.append(thead, body);
  box.append(table);
  return box;
}

/** The end screen inside the board (the replay page): winners, then the final table. */
export function finalPanel(ctx, result) {
  const box = el("section", "agp-final");
  box.dataset.testid = "agp-final";
  const winners = result.ranking[0].map((seat) => ctx.names[seat]).join(", ");
  const title = el("h2", "agp-winner", t("agorapolis.winner", { names: winners }));
  title.dataset.testid = "agp-winner";
  box.append(title, finalTable(ctx, result));
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
