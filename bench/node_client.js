#!/usr/bin/env node
// The closed loop of `bench/ws_load.py --client node` in Node.js: the same kind of client
// as the peers' load generator (shared/peers/loadgen.js: Node, `ws`, JSON.parse), so Agora
// and Colyseus are measured with equally cheap clients on core 1. The Python client spent
// ~175 us of CPU per race move against ~100 us for the peers' one (and ~1 ms per Akropolis
// move, 65 % of core 1), and on two cores whatever the client spends, PostgreSQL and the
// server do not get.
//
// Input: --rooms-file (JSON [{room_id, game, cookies: [seat 0, seat 1]}], rooms ws_load.py
// made and started), --url, --warmup, --duration (seconds); the figures go to --out. Per
// room: both seats' sockets; the seat the view says is to act moves at the current version:
// {"add": 1} in the race, in Akropolis a uniformly random move of the legal moves pushed
// with the message that made it the one to act (compact form; asked for when absent, as
// ws_load.py does), and a finished game is restarted over HTTP (a new room for the same two
// guests: create, join, start). A move's latency runs from its send to the opponent's
// receipt of the version it produced (the opponent then moves: closed loop). Prints
// "measuring" when the window opens and "done" when it closes and --out holds one JSON object.
'use strict';
const fs = require('fs');
const { performance } = require('perf_hooks');
const WebSocket = require('ws');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const URL_HTTP = args.url || 'http://127.0.0.1:8765';
const URL_WS = URL_HTTP.replace(/^http/, 'ws');
const WARMUP_MS = Number(args.warmup || 3) * 1000;
const DURATION_MS = Number(args.duration || 12) * 1000;
const rooms = JSON.parse(fs.readFileSync(args['rooms-file'], 'utf8'));

const latencies = [];
let errors = 0;
let handshakeRetries = 0;
let restarts = 0;
let measuring = false;
let stopping = false;

function patchToAct(toAct, op) {
  // ops on /to_act or /to_act/<i> (the differ's list edits), as bench/ws_load.py reads them
  if (op.path === '/to_act') return op.value;
  const copy = toAct.slice();
  const index = op.path.split('/')[2];
  if (op.op === 'replace') copy[Number(index)] = op.value;
  else if (op.op === 'add') copy.splice(index === '-' ? copy.length : Number(index), 0, op.value);
  else copy.splice(Number(index), 1);
  return copy;
}

function openSeat(table, seat, delay = 250) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${URL_WS}/ws/rooms/${table.roomId}`, {
      headers: { Cookie: `agora_session=${table.cookies[seat]}` },
      perMessageDeflate: false,
    });
    const state = { version: -1, toAct: [], legal: null };
    ws.on('message', (data) => {
      if (table.sockets[seat] !== ws) return; // a finished game's socket, closing
      const message = JSON.parse(data);
      if (message.type === 'legal_moves') { // the answer when none came with the view
        if (message.version === state.version && !stopping && !table.finished) {
          const move = pick(message);
          if (move !== null) send(table, seat, state.version, JSON.stringify(move));
        }
        return;
      }
      if (message.type === 'error') {
        errors++;
        if (errors <= 3) console.error('# server error:', JSON.stringify(message));
        return;
      }
      if (message.type === 'snapshot') {
        state.version = message.version;
        state.toAct = message.view ? message.view.to_act : [];
        state.legal = message.legal_moves || null;
        if (message.view && message.view.result) table.finished = true;
        resolve();
        return;
      }
      if (message.type !== 'patch') return;
      state.version = message.version;
      state.legal = message.legal_moves || null;
      for (const op of message.ops) {
        if (op.path.startsWith('/to_act')) state.toAct = patchToAct(state.toAct, op);
        else if (op.path === '/result' && op.value != null) table.finished = true;
        else if (op.path === '') state.toAct = op.value.to_act;
      }
      if (table.mover === 1 - seat && table.expected === message.version) {
        const now = performance.now();
        if (measuring) latencies.push(now - table.sentAt);
        table.mover = -1;
      }
      if (table.finished) {
        if (seat === 0 && !stopping) restart(table);
        return;
      }
      if (state.toAct.includes(seat) && !stopping) act(table, seat);
    });
    ws.on('error', (error) => {
      // A refused handshake (503 while the server is busy: 1,000 sockets arrive at once)
      // is retried with backoff and jitter, as the browser and the Python client do.
      if (!String(error.message).includes('503') || stopping) return reject(error);
      handshakeRetries++;
      setTimeout(() => openSeat(table, seat, Math.min(delay * 2, 4000)).then(resolve, reject),
        delay * (0.5 + Math.random()));
    });
    table.sockets[seat] = ws;
    table.states[seat] = state;
  });
}

function pick(legal) {
  // A uniformly random move of a pushed or answered legal-moves message (list or compact).
  if (legal.moves) {
    return legal.moves.length ? legal.moves[Math.floor(Math.random() * legal.moves.length)] : null;
  }
  if (legal.compact.groups) {
    // The table form (app/games/compact.py): a row is its group's move with its paths set.
    const { groups, rows } = legal.compact;
    if (!rows.length) return null;
    const [index, ...leaves] = rows[Math.floor(Math.random() * rows.length)];
    const move = JSON.parse(JSON.stringify(groups[index].move));
    groups[index].paths.forEach((path, k) => {
      let target = move;
      for (const step of path.slice(0, -1)) target = target[step];
      target[path[path.length - 1]] = leaves[k];
    });
    return move;
  }
  const { keys, rows, each } = legal.compact;
  const [key] = Object.keys(each);
  const values = each[key];
  if (!rows.length || !values.length) return null;
  const row = rows[Math.floor(Math.random() * rows.length)];
  const move = {};
  keys.forEach((name, i) => { move[name] = row[i]; });
  move[key] = values[Math.floor(Math.random() * values.length)];
  return move;
}

function act(table, seat) {
  const state = table.states[seat];
  if (table.game === 'race') return send(table, seat, state.version, '{"add":1}');
  const move = state.legal && state.legal.version === state.version ? pick(state.legal) : null;
  if (move !== null) return send(table, seat, state.version, JSON.stringify(move));
  table.sockets[seat].send('{"type":"legal_moves","compact":true}');
}

function send(table, seat, version, moveJson) {
  table.mover = seat;
  table.expected = version + 1;
  table.sentAt = performance.now();
  table.sockets[seat].send(`{"type":"move","move":${moveJson},"version":${version}}`);
}

async function post(path, cookie, body) {
  // A 503 (database pool busy) says when to come back, as for the Python client.
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(URL_HTTP + path, {
      method: 'POST',
      headers: { Cookie: `agora_session=${cookie}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.ok) return answer.json();
    if (answer.status !== 503 || attempt === 5) throw new Error(`${path}: ${answer.status}`);
    await new Promise((done) => setTimeout(done, 1000 * Number(answer.headers.get('retry-after') || 1)));
  }
}

async function restart(table) {
  // A finished game: both sockets close, a new room for the same two guests, sockets again.
  for (const ws of table.sockets) ws.close();
  try {
    const room = await post('/api/rooms', table.cookies[0], { game: table.game, seats: 2 });
    await post(`/api/rooms/${room.id}/join`, table.cookies[1], {});
    await post(`/api/rooms/${room.id}/start`, table.cookies[0]);
    if (stopping) return;
    table.roomId = room.id;
    table.finished = false;
    table.mover = -1;
    restarts++;
    await Promise.all([openSeat(table, 0), openSeat(table, 1)]);
    startTable(table);
  } catch (error) {
    if (stopping) return; // the run's end closed a socket still opening: not an error
    errors++;
    if (errors <= 3) console.error(`# table ${table.roomId} stopped: ${error}`);
  }
}

function startTable(table) {
  for (const seat of [0, 1]) {
    if (table.states[seat].toAct.includes(seat) && !stopping) act(table, seat);
  }
}

async function main() {
  const tables = rooms.map((r) => ({
    roomId: r.room_id, game: r.game, cookies: r.cookies, sockets: [null, null],
    states: [null, null], mover: -1, expected: -1, sentAt: 0, finished: false,
  }));
  let next = 0;
  const connect = async () => {
    while (next < tables.length) {
      const table = tables[next++];
      await Promise.all([openSeat(table, 0), openSeat(table, 1)]);
    }
  };
  await Promise.all(Array.from({ length: 25 }, connect));
  for (const table of tables) startTable(table);
  await new Promise((done) => setTimeout(done, WARMUP_MS));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  measuring = true;
  process.stdout.write('measuring\n'); // ws_load.py reads the server's CPU from here
  await new Promise((done) => setTimeout(done, DURATION_MS));
  measuring = false;
  stopping = true;
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // A file, written synchronously: a large stdout write to a pipe is asynchronous in
  // Node and was cut at exit under load.
  fs.writeFileSync(args.out, JSON.stringify({
    moves: latencies.length,
    latencies_ms: latencies.map((ms) => Math.round(ms * 1000) / 1000),
    errors,
    handshake_retries: handshakeRetries,
    restarts,
    client_cpu_pct: (100 * (cpu.user + cpu.system)) / 1e6 / wall,
    window_s: wall,
  }));
  process.stdout.write('done\n');
  for (const table of tables) for (const ws of table.sockets) ws.close();
  setTimeout(() => process.exit(0), 200).unref();
}

setTimeout(() => { console.error('node_client: hard timeout'); process.exit(2); }, 600000).unref();
main().catch((error) => { console.error(error); process.exit(1); });
