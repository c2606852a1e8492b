// One board per player: city, renown, cards, the exploit marker, "ready" mark, and the five
// sectors (reserve, bet, rolled dice, combination). Shows only what the view carries.
import { t } from "../../i18n.js";
import { SECTOR_COLOUR, SECTORS, cardName, cityName, comboName, dieNode, el, sectorName } from "./dom.js";

/** Seat colours (also used on the renown track). */
export const COLOURS = ["#1d5f8a", "#b5532f", "#6b7d2a", "#7a4a9a", "#c9a227", "#2a7d74"];

/**
 * The dice grouped by value and sorted (most frequent first, then highest): "5×3 · 2×2 · 6".
 * A display aid only: it does not name or score a combination (the server does, in
 * `resolution.combos`, once the round is resolved).
 * @param {{value: number}[]} dice
 */
export function groupedDice(dice) {
  const counts = new Map();
  for (const die of dice) counts.set(die.value, (counts.get(die.value) || 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .map(([value, n]) => (n > 1 ? `${value}×${n}` : String(value)))
    .join(" · ");
}

/** What to show in a sector's bet cell (never another seat's unrevealed bet). */
function betText(game, player, sector, mine) {
  const bet = player.bets?.[sector];
  if (bet !== null && bet !== undefined) return { text: String(bet), cls: "" };
  const pending = game.phase === "INVEST_BET" && game.sector === sector;
  const own = mine && game.my_commit?.move?.type === "bet" && game.my_commit.move.sector === sector;
  if (own) return { text: `(${game.my_commit.move.dice})`, cls: "secret", title: t("agorapolis.your_secret_bet") };
  if (pending && player.committed) return { text: "✓", cls: "ready", title: t("agorapolis.ready") };
  if (pending) return { text: "…", cls: "waiting", title: t("agorapolis.thinking") };
  return { text: "—", cls: "none" };
}

/** The dice cell of one sector: dice in position order, then the grouping or the combo. */
function diceCell(ctx, player, sector) {
  const cell = el("td", "agp-dice-cell");
  const dice = player.dice?.[sector] || [];
  const row = el("div", "agp-dice");
  const canPick = ctx.dieClick && player.seat === ctx.seat && ctx.game.sector === sector;
  dice.forEach((die, index) => {
    const label = t("agorapolis.die_n", { n: index + 1, value: die.value });
    const node = dieNode(die, { label });
    if (canPick) {
      node.setAttribute("role", "button");
      node.tabIndex = 0;
      node.dataset.focusKey = `die:${index}`;
      node.classList.add("pickable");
      if (ctx.pickedDie === index) node.classList.add("picked");
      const pick = () => ctx.dieClick(index);
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pick();
        }
      });
    }
    row.append(node);
  });
  cell.append(row);
  const combo = ctx.game.resolution?.combos?.[player.seat]?.[sector];
  if (combo && combo.combination !== "none") {
    const won = ctx.game.resolution.winners?.[sector] === player.seat;
    const badge = el("span", `agp-combo${won ? " won" : ""}`, `${comboName(combo.combination)} +${combo.gain}${won ? " ★" : ""}`);
    badge.dataset.testid = "combo";
    cell.append(badge);
  } else if (player.best?.[sector] && player.best[sector].combination !== "none") {
    // The server's live combination helper: the best this sector's dice score now.
    const best = player.best[sector];
    const badge = el("span", "agp-combo live", `${comboName(best.combination)} +${best.gain}`);
    badge.dataset.testid = "best-combo";
    badge.title = t("agorapolis.best_hint");
    cell.append(badge);
  } else if (dice.length > 1) {
    const grouped = el("span", "agp-grouped", groupedDice(dice));
    grouped.title = t("agorapolis.grouped_hint");
    cell.append(grouped);
  }
  return cell;
}

/** The five sector rows of a player. */
function sectorTable(ctx, player, mine) {
  const table = el("table", "agp-sectors");
  table.setAttribute("aria-label", t("agorapolis.sectors_of", { name: ctx.names[player.seat] }));
  const head = el("tr");
  for (const key of ["sector", "reserve", "bet", "dice"]) head.append(el("th", "", t(`agorapolis.col.${key}`)));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const sector of SECTORS) {
    const row = el("tr");
    row.dataset.sector = sector;
    if (ctx.game.sector === sector && ctx.game.phase !== "GAME_OVER") row.classList.add("current");
    if (player.finalised?.[sector]) row.classList.add("finalised");
    const name = el("th", "agp-sector-name");
    name.scope = "row";
    const chip = el("span", "agp-chip");
    chip.style.background = SECTOR_COLOUR[sector];
    chip.setAttribute("aria-hidden", "true");
    name.append(chip, el("span", "agp-sname", sectorName(sector)));
    const reserve = el("td", "agp-reserve", player.reserves[sector]);
    const bar = el("span", "agp-bar");
    bar.style.setProperty("--fill", `${Math.min(player.reserves[sector], 15) / 15}`);
    bar.style.setProperty("--tone", SECTOR_COLOUR[sector]);
    bar.setAttribute("aria-hidden", "true");
    reserve.append(bar);
    reserve.dataset.label = t("agorapolis.col.reserve");
    const bet = betText(ctx.game, player, sector, mine);
    const betCell = el("td", `agp-bet ${bet.cls}`, bet.text);
    if (bet.title) betCell.title = bet.title;
    betCell.dataset.label = t("agorapolis.col.bet");
    row.append(name, reserve, betCell, diceCell(ctx, player, sector));
    body.append(row);
  }
  table.append(thead, body);
  return table;
}

/** Held cards: the seat's own hand by name; others as a count (names only at the end). */
function cardsLine(ctx, player, mine) {
  const line = el("div", "agp-cards");
  const held = mine ? ctx.game.my_cards?.map((c) => c.card) : player.held?.map((c) => c.card ?? c);
  if (held && held.length) {
    line.append(el("span", "agp-label", t("agorapolis.cards")));
    for (const card of held) {
      const chip = el("span", "agp-card", cardName(card));
      chip.title = t(`agorapolis.card_help.${card}`);
      line.append(chip);
    }
  } else {
    line.append(el("span", "agp-label", t("agorapolis.card_count", { n: player.held_count ?? 0 })));
  }
  return line;
}

/** Badges in a player's header: exploit marker, ready, acting, active. */
function badges(ctx, player) {
  const game = ctx.game;
  const box = el("span", "agp-badges");
  if (game.holder === player.seat) {
    const marker = el("span", "agp-badge holder", `◆ ${t("agorapolis.holder_short")}`);
    marker.title = t("agorapolis.holder");
    marker.dataset.testid = "holder";
    box.append(marker);
  }
  if ((game.committed || []).includes(player.seat) || player.committed) {
    const ready = el("span", "agp-badge ready", `✓ ${t("agorapolis.ready")}`);
    ready.dataset.testid = "ready";
    box.append(ready);
  } else if ((ctx.toAct || []).includes(player.seat)) {
    box.append(el("span", "agp-badge acting", t("agorapolis.to_play")));
  }
  return box;
}

/**
 * One player's board.
 * @param {object} ctx  {game, seat, names, toAct, dieClick?, pickedDie?}
 * @param {object} player  `game.players[i]`
 */
export function playerBoard(ctx, player) {
  const mine = player.seat === ctx.seat;
  const board = el("article", "agp-player");
  board.dataset.testid = `player-${player.seat}`;
  board.dataset.seat = String(player.seat);
  board.style.setProperty("--seat", COLOURS[player.seat % COLOURS.length]);
  if (mine) board.classList.add("me");
  if ((ctx.toAct || []).includes(player.seat)) board.classList.add("acting");
  if (ctx.game.active_seat === player.seat && ctx.game.phase?.startsWith("ACTION")) board.classList.add("active");
  board.setAttribute("aria-label", t("agorapolis.board_of", { name: ctx.names[player.seat] }));
  const head = el("header", "agp-player-head");
  const name = el("span", "agp-name", ctx.names[player.seat] + (mine ? ` (${t("agorapolis.you")})` : ""));
  const city = el("span", "agp-city", `${cityName(player.city)} · ${t("agorapolis.fetish", { n: player.fetish })}`);
  city.title = t(`agorapolis.power.${player.city}`);
  head.append(name, city, badges(ctx, player));
  const stats = el("div", "agp-stats");
  stats.append(
    el("span", "agp-renown", t("agorapolis.renown_n", { n: player.renown })),
    el("span", "", t("agorapolis.hand_n", { n: player.hand ?? 0 })),
  );
  if (player.remaining) stats.append(el("span", "", t("agorapolis.remaining_n", { n: player.remaining })));
  if (player.unbet) stats.append(el("span", "", t("agorapolis.unbet_n", { n: player.unbet })));
  stats.querySelector(".agp-renown").dataset.testid = "renown";
  board.append(head, stats, sectorTable(ctx, player, mine), cardsLine(ctx, player, mine));
  return board;
}
