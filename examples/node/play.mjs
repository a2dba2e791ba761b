// Drive `brawl serve` over stdio from Node (no framework, no package): play two rounds of the
// bundled bridge scenario with a simple policy and print what happens.
//
//   node examples/node/play.mjs                  # runs `brawl serve` (the installed command)
//   BRAWL_PYTHON=.venv/bin/python node examples/node/play.mjs   # runs `python -m brawl serve`
//
// Every request is one line of JSON-RPC 2.0 on the server's stdin; every response is one line
// on its stdout. States, actions and events travel as brawl's JSON.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = process.env.BRAWL_PYTHON
  ? [process.env.BRAWL_PYTHON, ["-m", "brawl", "serve"]]
  : ["brawl", ["serve"]];
const server = spawn(command[0], command[1], { stdio: ["pipe", "pipe", "inherit"] });

// --- a minimal JSON-RPC client ------------------------------------------------------------------
let nextId = 1;
const pending = new Map();

createInterface({ input: server.stdout }).on("line", (line) => {
  const reply = JSON.parse(line);
  const waiting = pending.get(reply.id);
  if (!waiting) return;
  pending.delete(reply.id);
  if (reply.error) {
    const { code, message, data } = reply.error;
    const error = new Error(`${message} (${code}): ${data?.message ?? data?.reason ?? ""}`);
    error.rpc = reply.error;
    waiting.reject(error);
  } else {
    waiting.resolve(reply.result);
  }
});

server.on("error", (error) => {
  console.error(`cannot run ${command[0]}: ${error.message} (install brawl, or set BRAWL_PYTHON)`);
  process.exit(1);
});
server.stdin.on("error", () => {}); // a server that went away is reported by the exit handler

server.on("exit", (code) => {
  // the server stopped: fail whatever still waits for a response instead of hanging
  for (const waiting of pending.values()) waiting.reject(new Error(`brawl serve exited (${code})`));
  pending.clear();
});

function call(method, params = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    server.stdin.write(JSON.stringify({ jsonrpc: "2.0", method, params, id }) + "\n");
  });
}

// --- a simple policy: strike, else close in, else end the turn or start the next one ------------
function distance(a, b) {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

function choose(state, options) {
  const strike = options.find(
    (a) => a.class === "TakeAction" && a.action.class === "FreeStrike" && !a.action.ranged,
  );
  if (strike) return strike;
  const current = state.turn?.current;
  const me = state.creatures.find((c) => c.id === current);
  if (me) {
    const foes = state.creatures.filter((c) => c.side !== me.side && !c.dead);
    const gap = (pos) => Math.min(...foes.map((f) => distance(pos, f.pos)));
    const moves = options.filter((a) => a.class === "AdvanceTo");
    if (foes.length && moves.length) {
      const best = moves.reduce((a, b) => (gap(b.destination) < gap(a.destination) ? b : a));
      if (gap(best.destination) < gap(me.pos)) return best;
    }
  }
  for (const kind of ["EndTurn", "StartTurn", "EndRound"]) {
    const found = options.find((a) => a.class === kind);
    if (found) return found;
  }
  return options[0];
}

// --- the fight ------------------------------------------------------------------------------------
async function main() {
  const version = await call("version");
  console.log(`brawl ${version.brawl} over JSON-RPC ${version.jsonrpc}`);
  let state = await call("load_scenario", { name: "bridge" });
  console.log(await call("render_text", { state }));

  let result = await call("apply", { state, action: { class: "StartCombat", first_side: "heroes" } });
  state = result.state;
  for (const event of result.events) console.log(event.explain);

  // An illegal request is an error that names brawl's error class and the rule.
  try {
    await call("apply", { state, action: { class: "EndTurn" } });
  } catch (error) {
    console.log(`refused: ${error.rpc.data.class} ${error.rpc.data.rules.join(", ")}`);
  }

  for (let step = 0; step < 300 && state.turn && state.round <= 2; step++) {
    const options = await call("legal_actions", { state, max_moves: 40 });
    if (options.length === 0) break;
    result = await call("apply", { state, action: choose(state, options) });
    state = result.state;
    for (const event of result.events) console.log(event.explain);
  }
  console.log(`after round 2 (now round ${state.round}):`);
  console.log(await call("render_text", { state }));
}

main()
  .then(() => server.stdin.end())
  .catch((error) => {
    console.error(error);
    server.kill();
    process.exitCode = 1;
  });
