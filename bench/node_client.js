#!/usr/bin/env node
// The race workload's closed loop in Node.js, for `bench/ws_load.py --client node`: the
// same kind of client as the peers' load generator (shared/peers/loadgen.js: Node, `ws`,
// JSON.parse), so Agora and Colyseus are measured with equally cheap clients on core 1.
// The Python client spent ~175 us of CPU per move against ~100 us for the peers' one,
// and on two cores whatever the client spends, PostgreSQL and the server do not get.
//
// Input: --rooms-file (JSON [{room_id, cookies: [seat 0, seat 1]}], rooms ws_load.py made
// and started), --url, --warmup, --duration (seconds); the figures go to --out. Per room: both seats' sockets;
// the seat the view says is to act sends {"add": 1} at the current version; a move's
// latency runs from its send to the opponent's receipt of the version it produced (the
// opponent then moves: closed loop). Prints "measuring" when the window opens and "done"
// when it closes and --out holds one JSON object.
'use strict';
const fs = require('fs');
const { performance } = require('perf_hooks');
const WebSocket = require('ws');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const URL_WS = (args.url || 'http://127.0.0.1:8765').replace(/^http/, 'ws');
const WARMUP_MS = Number(args.warmup || 3) * 1000;
const DURATION_MS = Number(args.duration || 12) * 1000;
const rooms = JSON.parse(fs.readFileSync(args['rooms-file'], 'utf8'));

const latencies = [];
let errors = 0;
let handshakeRetries = 0;
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
    const state = { version: -1, toAct: [] };
    ws.on('message', (data) => {
      const message = JSON.parse(data);
      if (message.type === 'snapshot') {
        state.version = message.version;
        state.toAct = message.view ? message.view.to_act : [];
        resolve();
        return;
      }
      if (message.type === 'error') { errors++; return; }
      if (message.type !== 'patch') return;
      state.version = message.version;
      for (const op of message.ops) {
        if (op.path.startsWith('/to_act')) state.toAct = patchToAct(state.toAct, op);
        else if (op.path === '') state.toAct = op.value.to_act;
      }
      if (table.mover === 1 - seat && table.expected === message.version) {
        const now = performance.now();
        if (measuring) latencies.push(now - table.sentAt);
        table.mover = -1;
      }
      if (state.toAct.includes(seat) && !stopping) send(table, seat, state.version);
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

function send(table, seat, version) {
  table.mover = seat;
  table.expected = version + 1;
  table.sentAt = performance.now();
  table.sockets[seat].send(`{"type":"move","move":{"add":1},"version":${version}}`);
}

async function main() {
  const tables = rooms.map((r) => ({
    roomId: r.room_id, cookies: r.cookies, sockets: [null, null], states: [null, null],
    mover: -1, expected: -1, sentAt: 0,
  }));
  let next = 0;
  const connect = async () => {
    while (next < tables.length) {
      const table = tables[next++];
      await Promise.all([openSeat(table, 0), openSeat(table, 1)]);
    }
  };
  await Promise.all(Array.from({ length: 25 }, connect));
  for (const table of tables) {
    for (const seat of [0, 1]) {
      const state = table.states[seat];
      if (state.toAct.includes(seat)) send(table, seat, state.version);
    }
  }
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
    client_cpu_pct: (100 * (cpu.user + cpu.system)) / 1e6 / wall,
    window_s: wall,
  }));
  process.stdout.write('done\n');
  for (const table of tables) for (const ws of table.sockets) ws.close();
  setTimeout(() => process.exit(0), 200).unref();
}

setTimeout(() => { console.error('node_client: hard timeout'); process.exit(2); }, 600000).unref();
main().catch((error) => { console.error(error); process.exit(1); });
