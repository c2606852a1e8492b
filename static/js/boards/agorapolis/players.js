// One board per player: city, renown, cards, the exploit marker, "ready" mark, and the five
// sectors (reserve, bet, rolled dice, combination). Shows only what the view carries.
import { t } from "../../i18n.js";
import { SECTOR_COLOUR, SECTORS, cardName, cityName, comboName, diceCount, dieLabel, dieNode, el, sectorName } from "./dom.js";

/** Seat colours (also used on the renown track and the final table). */
export const COLOURS = ["#1d5f8a", "#b5532f", "#6b7d2a", "#7a4a9a", "#c9a227", "#2a7d74"];

/** The colour of a seat: the room's colour index if it gives one (kept in a rematch). */
export function seatColour(ctx, seat) {
  const index = typeof ctx?.colour === "function" ? ctx.colour(seat) ?? seat : seat;
  return COLOURS[((Number(index) % COLOURS.length) + COLOURS.length) % COLOURS.length];
}

/** The faces each candidate of a combination uses (mirrors the rules' §8.1 list). */
function candidates(counts, combination) {
  const out = [];
  for (let v = 6; v >= 1; v -= 1) {
    const need = { pair: 2, three_of_a_kind: 3, four_of_a_kind: 4, five_of_a_kind: 5 }[combination];
    if (need && counts[v] >= need) out.push([[v, need]]);
    for (let w = 6; w >= 1; w -= 1) {
      if (w === v) continue;
      if (combination === "full_house" && counts[v] >= 3 && counts[w] >= 2) out.push([[v, 3], [w, 2]]);
      if (combination === "two_pairs" && w < v && counts[v] >= 2 && counts[w] >= 2) out.push([[v, 2], [w, 2]]);
    }
  }
  if (combination === "straight") {
    for (const low of [2, 1]) {
      const faces = [0, 1, 2, 3, 4].map((k) => low + k);
      if (faces.every((f) => counts[f] >= 1)) out.push(faces.map((f) => [f, 1]));
    }
  }
  return out;
}

/**
 * The dice of a sector laid out as a player would: the combination's dice first (its
 * groups side by side), then the others grouped by value, most frequent first. A display
 * aid only: the server names and scores the combination; this only finds which dice make
 * it (preferring the city's fetish, as the rules' scoring does).
 * @param {{value: number}[]} dice
 * @param {string|null} combination  the server's combination id, if any
 * @param {number|null} fetish
 * @returns {{indices: number[], combo: boolean}[]}  groups of die positions
 */
export function layDice(dice, combination = null, fetish = null) {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const die of dice) counts[die.value] += 1;
  const left = dice.map((die, index) => ({ value: die.value, index }));
  const take = (value, n) => {
    const taken = [];
    for (let i = 0; i < left.length && taken.length < n; ) {
      if (left[i].value === value) taken.push(left.splice(i, 1)[0].index);
      else i += 1;
    }
    return taken;
  };
  const groups = [];
  if (combination && combination !== "none") {
    const options = candidates(counts, combination);
    const best = options.find((c) => c.some(([face]) => face === fetish)) || options[0];
    if (best && combination === "straight") groups.push({ indices: best.flatMap(([face, n]) => take(face, n)), combo: true });
    else if (best) for (const [face, n] of best) groups.push({ indices: take(face, n), combo: true });
  }
  const rest = new Map();
  for (const { value } of left) rest.set(value, (rest.get(value) || 0) + 1);
  const order = [...rest].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  for (const [value, n] of order) groups.push({ indices: take(value, n), combo: false });
  return groups;
}

/** What to show in a sector's bet cell (never another seat's unrevealed bet). */
function betCell(game, player, sector, mine) {
  const cell = el("td", "agp-bet");
  const bet = player.bets?.[sector];
  const pending = game.phase === "INVEST_BET" && game.sector === sector;
  const own = mine && game.my_commit?.move?.type === "bet" && game.my_commit.move.sector === sector;
  if (bet !== null && bet !== undefined) {
    cell.append(diceCount(bet));
  } else if (own) {
    cell.classList.add("secret");
    cell.append("(", diceCount(game.my_commit.move.dice, "secret"), ")");
    cell.title = t("agorapolis.your_secret_bet");
    cell.querySelector(".agp-count").setAttribute("aria-label", `${t("agorapolis.your_secret_bet")}: ${t("agorapolis.n_dice", { n: game.my_commit.move.dice })}`);
  } else if (pending && player.committed) {
    cell.classList.add("ready");
    cell.textContent = "✓";
    cell.title = t("agorapolis.ready");
  } else if (pending) {
    cell.classList.add("waiting");
    cell.textContent = "…";
    cell.title = t("agorapolis.thinking");
  } else {
    cell.classList.add("none");
    cell.textContent = "—";
  }
  return cell;
}

/** The dice cell of one sector: the dice laid out in groups, then the combination's name. */
function diceCell(ctx, player, sector) {
  const cell = el("td", "agp-dice-cell");
  const dice = player.dice?.[sector] || [];
  const row = el("div", "agp-dice");
  const canPick = ctx.dieClick && player.seat === ctx.seat && ctx.game.sector === sector;
  const combo = ctx.game.resolution?.combos?.[player.seat]?.[sector];
  const best = player.best?.[sector];
  const named = combo && combo.combination !== "none" ? combo : best && best.combination !== "none" ? best : null;
  for (const group of layDice(dice, named?.combination ?? null, player.fetish ?? null)) {
    const box = el("span", `agp-dice-group${group.combo ? " combo" : ""}`);
    for (const index of group.indices) {
      const die = dice[index];
      const node = dieNode(die);
      node.dataset.index = String(index);
      if (canPick) {
        node.setAttribute("role", "button");
        node.tabIndex = 0;
        node.dataset.focusKey = `die:${index}`;
        node.classList.add("pickable");
        node.setAttribute("aria-pressed", String(ctx.pickedDie === index));
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
      box.append(node);
    }
    row.append(box);
  }
  cell.append(row);
  if (combo && combo.combination !== "none") {
    const won = ctx.game.resolution.winners?.[sector] === player.seat;
    const badge = el("span", `agp-combo${won ? " won" : ""}`, `${comboName(combo.combination)} ${t("agorapolis.gain", { n: combo.gain })}${won ? " ★" : ""}`);
    badge.dataset.testid = "combo";
    cell.append(badge);
  } else if (best && best.combination !== "none") {
    // The server's live combination helper: the best this sector's dice score now.
    const badge = el("span", "agp-combo live", `${comboName(best.combination)} ${t("agorapolis.gain", { n: best.gain })}`);
    badge.dataset.testid = "best-combo";
    badge.title = t("agorapolis.best_hint");
    cell.append(badge);
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
    const bet = betCell(ctx.game, player, sector, mine);
    bet.dataset.label = t("agorapolis.col.bet");
    row.append(name, reserve, bet, diceCell(ctx, player, sector));
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
  board.style.setProperty("--seat", seatColour(ctx, player.seat));
  if (mine) board.classList.add("me");
  if ((ctx.toAct || []).includes(player.seat)) board.classList.add("acting");
  if (ctx.game.active_seat === player.seat && ctx.game.phase?.startsWith("ACTION")) board.classList.add("active");
  board.setAttribute("aria-label", t("agorapolis.board_of", { name: ctx.names[player.seat] }));
  const head = el("header", "agp-player-head");
  const name = el("span", "agp-name", ctx.names[player.seat] + (mine ? ` (${t("agorapolis.you")})` : ""));
  const city = el("span", "agp-city", `${cityName(player.city)} · ${t("agorapolis.fetish_label")}`);
  city.title = t(`agorapolis.power.${player.city}`);
  if (player.fetish) city.append(dieNode({ value: player.fetish }, { cls: "tiny", label: t("agorapolis.fetish", { value: dieLabel(player.fetish) }) }));
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
