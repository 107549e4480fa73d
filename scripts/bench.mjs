#!/usr/bin/env node
// `npm run bench`: start-up and big-payload timings of the built CLI (dist/), each against
// a baseline measured in the same run, with the targets docs/guide.md's Performance gives. Not
// part of npm test: timings depend on the machine and on whatever else it is doing, so
// nothing here fails a build; it reports. Run `npm run build` first.
//
// Cases (median wall time of RUNS runs after WARMUP, ratio = median / baseline median;
// each baseline is timed in the same rounds as its cases, see measureGroup):
//   vis --version, vis --help,             vs `node -e 0`
//   vis topics --help, vis __complete brands
//   vis usage --format json (sandbox)      vs `node -e 0`, with and without the code cache,
//                                          and vs undici alone making the same request
//   vis topics --format json, cache hit    vs `node -e 0`, and vs the same command sent to
//                                          the sandbox (--no-cache): a hit at most 0.6x of it
//   vis changes, vis history topics        over 90 recorded days (a daily export each,
//                                          scripts/bench-history.mjs), vs a cache hit of
//                                          vis topics measured in the same rounds
//   vis report --all-brands after an       the agency's three brands from the cache an export
//   export of its period                   of the report's 30 days filled (no read spent), vs
//                                          a cache hit of vis topics in the same rounds (at most 4x)
//   vis topics --no-cache, history on      vs the same with VIS_HISTORY=off: recording the
//                                          answer into the history's journal, within 5%
//   20,000 answer runs -> csv file         vs `curl -s URL | jq -r '... | @csv' > file`
//   20,000 answer runs -> table, piped     vs the same curl | jq
//   an endless answer, VIS_MAX_BODY_MB=64  vs `node -e 0`: the time to give up (exit 7),
//                                          and peak memory, which must stay below 4x the limit
// and peak memory (max RSS, from /usr/bin/time, else from a wrapper's resourceUsage()).
//
// Each case runs on the Node running this script and on the pinned Node 24 (the current
// LTS, which most users run; fetched into .cache/nodes/ by scripts/pinned-nodes.mjs, Linux
// x64 only), in the same rounds: each Node's ratios are against its own `node -e 0`, since
// Node 24 itself starts in a fraction of Node 20's time. The table prints Node 24's
// median, ratio and peak memory beside the running Node's.
//
// Options: --rounds N (timed rounds, default 21; e.g. 5 for a quick look, whose ratios
// swing more), --warmup N (default 3), --no-node24 (only the running Node).
//
// --export runs only the pacing case instead (about 3 minutes, so not by
// default): two `vis export` of one key started together against a sandbox with the
// API's real limit (60 requests per rolling minute), 175 reads between them. It prints
// the pace as a fraction of the limit (goal at least 0.95), the busiest minute (at most
// 60) and the number of 429s (goal 0), from the sandbox's request log.
//
// Servers: the sandbox runs in its own process (`node bin/vis.js sandbox`), as a user would
// start it; the big answer comes from a small loopback server of this script's own, serving
// one pre-built body, so vis and curl | jq read exactly the same bytes from the same place.
// Needs curl and jq on PATH (apt-get install -y curl jq).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { NODES, nodeBinary, pinnedNodesSupported } from './pinned-nodes.mjs';
import { populateHistory } from './bench-history.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_VIS: another build's bin/vis.js, e.g. an older checkout's, to compare before and after.
const VIS = process.env.BENCH_VIS ?? join(root, 'bin', 'vis.js');
// 21: on a shared 2-core machine single runs swing by a quarter; fewer medians than this
// moved the start-up ratios by 0.1x from one bench to the next.
const { values: args } = parseArgs({
  options: { rounds: { type: 'string' }, warmup: { type: 'string' }, 'no-node24': { type: 'boolean' }, export: { type: 'boolean' } },
});
const RUNS = count('--rounds', args.rounds ?? process.env.BENCH_RUNS ?? 21, 1);
const WARMUP = count('--warmup', args.warmup ?? process.env.BENCH_WARMUP ?? 3, 0);
const BIG_RUNS = 20_000;
const KEY = 'vis_demo_growth';

if (!existsSync(join(VIS, '..', '..', 'dist', 'vis.cjs'))) {
  console.error('bench: dist/vis.cjs is missing; run `npm run build` first.');
  process.exit(1);
}
for (const tool of args.export ? [] : ['curl', 'jq']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`bench: ${tool} is needed for the curl | jq baseline (apt-get install -y curl jq).`);
    process.exit(1);
  }
}
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const NODE24 = NODES.find((v) => v.startsWith('24.'));
let node24Bin = null;
if (args['no-node24']) {
  // asked for: only the running Node
} else if (!pinnedNodesSupported) {
  console.error(`bench: Node ${NODE24} is fetched for linux x64 only (this is ${process.platform} ${process.arch}); its columns are left out.`);
} else {
  node24Bin = nodeBinary(NODE24);
}

function count(name, value, least) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < least) {
    console.error(`bench: ${name} must be a whole number of at least ${least} (got "${value}").`);
    process.exit(2);
  }
  return n;
}
const work = mkdtempSync(join(tmpdir(), 'vis-bench-'));

// ---------------------------------------------------------------------------------------
// Servers

if (args.export) {
  await exportBench();
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

/** The sandbox in a process of its own, on a free loopback port. */
async function startSandbox(rateLimitPerMinute = 1_000_000) {
  // The API's 60 requests a minute would make the later usage runs wait for their turn;
  // the bench measures start-up, so its sandbox allows as many as it gets.
  // Its code cache in the bench's folder, never the user's ~/.cache.
  const env = { ...process.env, XDG_CACHE_HOME: join(work, 'cache-sandbox'), VIS_SANDBOX_OPTIONS: JSON.stringify({ rateLimitPerMinute }) };
  const child = spawn(process.execPath, [VIS, 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env });
  child.stderr.resume(); // its request log
  let out = '';
  const baseUrl = await new Promise((resolve, reject) => {
    child.stdout.on('data', (b) => {
      out += b;
      const m = /Sandbox API:\s+(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before it served: ${out}`)));
  });
  child.stdout.resume();
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

/** A /answers/runs answer in the sandbox's shape, with `n` runs: about 5 MB for 20,000. */
function bigRunsBody(n) {
  const engines = ['chatgpt', 'perplexity', 'gemini', 'copilot', 'claude'];
  const states = ['mentioned', 'cited', 'absent', 'mentioned'];
  const brands = ['Globex CRM', 'Pipewell', 'Salesforge', 'Northwind CRM'];
  const runs = [];
  for (let i = 0; i < n; i++) {
    const position = i % 5 === 4 ? null : (i % 4) + 1;
    const t = new Date(Date.UTC(2026, 10, 22) - i * 60_000).toISOString().replace('.000Z', 'Z');
    runs.push({
      engine: engines[i % engines.length],
      run_at: t,
      state: position === null ? 'absent' : states[i % states.length],
      named_brand: position !== null,
      position,
      brands_named: brands.slice(0, (i % 4) + 1),
      answer: `Run ${i}: Globex CRM, Pipewell and "Salesforge" lead; Northwind CRM is quick.`,
      citations: [`https://example.com/crm/${i % 97}`],
    });
  }
  return JSON.stringify({
    data: {
      prompt: 'What is the best CRM for an early-stage startup?',
      prompt_id: 'startup-best-crm',
      topic_id: 'crm-for-startups',
      window: { from: '2026-11-16', to: '2026-11-22', days: 7 },
      rate: 29.4,
      runs,
    },
    meta: { api_version: 'v1', brand: { id: 101, name: 'Northwind CRM' }, market: { id: 1011, code: 'US-en', label: 'United States (English)' } },
  });
}

/** Answers every request with a chunked body that never ends, as fast as it is read. */
async function startEndlessServer() {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/api/v1`,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function startBigServer() {
  const body = Buffer.from(bigRunsBody(BIG_RUNS));
  const server = createServer((req, res) => {
    const ok = req.headers.authorization === `Bearer ${KEY}` && req.url.startsWith('/api/v1/answers/runs');
    if (!ok) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"not_found","message":"bench server: only /answers/runs"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/api/v1`, bytes: body.length, stop: () => server.close() };
}

// ---------------------------------------------------------------------------------------
// Running one command

/**
 * Runs `argv` once, stdout to `stdoutFile` (or /dev/null); resolves to the wall time in
 * ms. With `measureMemory`, runs it under /usr/bin/time and also returns max RSS in kB.
 */
function runOnce(argv, { env, stdoutFile = '/dev/null', measureMemory = false, exitCode = 0 }) {
  const out = openSync(stdoutFile, 'w');
  const memFile = join(work, 'rss.txt');
  let cmd = argv;
  if (measureMemory) {
    cmd = TIME ? [TIME, '-f', '%M', '-o', memFile, ...argv] : [process.execPath, '-e', RSS_WRAPPER, memFile, ...argv];
  }
  const started = process.hrtime.bigint();
  const child = spawn(cmd[0], cmd.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', out, 'pipe'] });
  let err = '';
  child.stderr.on('data', (b) => (err += b));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      closeSync(out);
      if (code !== exitCode) return reject(new Error(`${argv.join(' ')} exited ${code}: ${err.trim()}`));
      const rssKb = measureMemory ? Number(readFileSync(memFile, 'utf8').trim().split('\n').pop()) : undefined;
      resolve({ ms, rssKb });
    });
  });
}

// Used only where /usr/bin/time is missing: runs the command and writes its children's max RSS (kB).
const RSS_WRAPPER = `
const { spawnSync } = require('node:child_process');
const [file, cmd, ...args] = process.argv.slice(1);
const r = spawnSync(cmd, args, { stdio: 'inherit' });
require('node:fs').writeFileSync(file, String(process.resourceUsage ? require('node:process').resourceUsage().maxRSS : 0));
process.exit(r.status ?? 1);
`;

/** One GET through dist/lib/transport.cjs, the body read and dropped; argv: file, url, key. */
const UNDICI_ALONE = `
process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
const [file, url, key] = process.argv.slice(1);
const t = require(file);
// createAgent is async: a proxy agent, when one applies, is loaded on demand.
t.createAgent({ connectTimeoutMs: 30000, headersTimeoutMs: 31000, bodyTimeoutMs: 31000, keepAliveTimeoutMs: 4000 }).then((agent) =>
  t.sendRequest(agent, url, { method: 'GET', headers: { authorization: 'Bearer ' + key }, signal: new AbortController().signal })
    .then(async (res) => { for await (const _ of res.body); if (res.statusCode !== 200) process.exitCode = 1; await agent.close(); }));
`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Warm-up, then RUNS timed rounds, then 3 rounds for memory. A round runs every case of
 * the group once, in turn, so a baseline and the cases compared with it see the same
 * machine: on a shared 2-core machine the load drifts over a minute, and timing the
 * baseline first and the cases later would put that drift into the ratios.
 */
async function measureGroup(cases) {
  for (let i = 0; i < WARMUP; i++) for (const c of cases) await runOnce(c.argv, c);
  const times = cases.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [j, c] of cases.entries()) times[j].push((await runOnce(c.argv, c)).ms);
  }
  const rss = cases.map(() => []);
  for (let i = 0; i < 3; i++) {
    for (const [j, c] of cases.entries()) rss[j].push((await runOnce(c.argv, { ...c, measureMemory: true })).rssKb);
  }
  return cases.map((c, j) => ({
    ...c,
    min: Math.min(...times[j]),
    median: median(times[j]),
    max: Math.max(...times[j]),
    rssMb: median(rss[j]) / 1024,
  }));
}

// ---------------------------------------------------------------------------------------

const sandbox = await startSandbox();
// 90 recorded days of a daily export, for `vis changes` and `vis history` (scripts/bench-history.mjs).
const HISTORY_DAYS = 90;
const history = await populateHistory({ node: process.execPath, vis: VIS, work, store: join(work, 'history', 'history.db'), days: HISTORY_DAYS });
const big = await startBigServer();
const endless = await startEndlessServer();
const ENDLESS_CAP_MB = 64;
const prompt = 'What is the best CRM for an early-stage startup?';
const runsUrl = `${big.baseUrl}/answers/runs?prompt=${encodeURIComponent(prompt)}`;
const jqFields = '.engine, .run_at, .state, .named_brand, .position, (.brands_named | join("; ")), .answer, (.citations | join("; "))';
const curlJq = `curl -s -H 'Authorization: Bearer ${KEY}' '${runsUrl}' | jq -r '.data.runs[] | [${jqFields}] | @csv'`;
const csvFile = join(work, 'runs.csv');
const tableFile = join(work, 'runs.txt');
const jqFile = join(work, 'runs-jq.csv');

/** The Nodes measured: the running one, and the pinned Node 24 unless left out. */
const nodes = [{ tag: 'this', node: process.execPath }];
if (node24Bin) nodes.push({ tag: '24', node: node24Bin });

/**
 * The cases of each group on one Node. `base` names the baseline case on the same Node
 * (curl | jq is the same for both and measured once).
 */
function casesOn({ tag, node }) {
  // vis keeps compiled code in $XDG_CACHE_HOME/vis/code (src/boot/code-cache.ts): the bench
  // gives each Node a folder of its own, which the warm-up runs fill, as any earlier run of
  // vis would have on a user's machine. The "no code cache" case shows a first run.
  const cacheEnv = { XDG_CACHE_HOME: join(work, `cache-${tag}`) };
  const visEnv = (baseUrl) => ({ ...cacheEnv, VIS_BASE_URL: baseUrl, VIS_API_KEY: KEY, VIS_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1' });
  const startup = [
    { name: 'node -e 0', argv: [node, '-e', '0'] },
    { name: 'vis --version', argv: [node, VIS, '--version'], env: cacheEnv, base: 'node -e 0', target: 1.3 },
    // The list of commands, made without building any; then one command's help, built alone.
    { name: 'vis --help', argv: [node, VIS, '--help'], env: cacheEnv, base: 'node -e 0', target: 1.4 },
    { name: 'vis topics --help', argv: [node, VIS, 'topics', '--help'], env: cacheEnv, base: 'node -e 0', target: 1.4 },
    {
      // What a shell asks on every TAB after --brand: the names from the completion cache
      // (filled by the run before the rounds), without building the program.
      name: 'vis __complete brands',
      argv: [node, VIS, '__complete', 'brands'],
      env: visEnv(sandbox.baseUrl),
      base: 'node -e 0',
      target: 1.3,
      prepare: true,
    },
    {
      name: 'vis usage --format json',
      argv: [node, VIS, 'usage', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
      base: 'node -e 0',
    },
    {
      // The floor for a request: undici as vis bundles it (dist/lib/transport.cjs), making
      // the same request, with none of vis around it.
      name: 'undici alone, same request',
      argv: [node, '-e', UNDICI_ALONE, join(root, 'dist', 'lib', 'transport.cjs'), `${sandbox.baseUrl}/usage`, KEY],
      base: 'node -e 0',
    },
    {
      // What a request costs beyond undici making it: commander, zod, the pacing window,
      // the cache lookup, the renderer. Close to undici alone is the target.
      name: '  vis usage, vs undici alone',
      argv: [node, VIS, 'usage', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
      base: 'undici alone, same request',
      target: 1.3,
    },
    {
      name: 'vis topics -f json, request',
      argv: [node, VIS, 'topics', '--format', 'json', '--no-cache'],
      env: visEnv(sandbox.baseUrl),
      base: 'node -e 0',
    },
    {
      name: 'vis topics -f json, history off',
      argv: [node, VIS, 'topics', '--format', 'json', '--no-cache'],
      env: { ...visEnv(sandbox.baseUrl), VIS_HISTORY: 'off' },
      base: 'node -e 0',
    },
    {
      // The request case above records its answer (the history is on by default): what
      // that costs beyond the same request with the history off.
      name: '  the request, history on vs off',
      argv: [node, VIS, 'topics', '--format', 'json', '--no-cache'],
      env: visEnv(sandbox.baseUrl),
      base: 'vis topics -f json, history off',
      target: 1.05,
    },
    {
      // Answered from the response cache, filled by the run before the rounds.
      name: 'vis topics -f json, cache hit',
      argv: [node, VIS, 'topics', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
      base: 'node -e 0',
      prepare: true,
    },
    {
      name: '  the same hit, vs the request',
      argv: [node, VIS, 'topics', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
      base: 'vis topics -f json, request',
      target: 0.6,
    },
    {
      name: 'vis usage, no code cache',
      argv: [node, VIS, 'usage', '--format', 'json'],
      env: { ...visEnv(sandbox.baseUrl), NODE_DISABLE_COMPILE_CACHE: '1' },
      base: 'node -e 0',
    },
  ];
  const payload = [
    {
      name: `vis answers runs -f csv (${BIG_RUNS} runs)`,
      argv: [node, VIS, 'answers', 'runs', '--prompt', prompt, '--format', 'csv'],
      env: visEnv(big.baseUrl),
      stdoutFile: tag === 'this' ? csvFile : join(work, `runs-${tag}.csv`),
      base: 'curl | jq @csv',
      target: 0.7,
      memLimitMb: 150,
    },
    {
      name: `vis answers runs -f table > file`,
      argv: [node, VIS, 'answers', 'runs', '--prompt', prompt, '--format', 'table'],
      env: visEnv(big.baseUrl),
      stdoutFile: tag === 'this' ? tableFile : join(work, `runs-${tag}.txt`),
      base: 'curl | jq @csv',
      target: 1.0,
      memLimitMb: 150,
    },
  ];
  const limits = [
    { name: 'node -e 0', argv: [node, '-e', '0'] },
    {
      name: `vis, endless answer, cap ${ENDLESS_CAP_MB} MiB (exit 7)`,
      argv: [node, VIS, 'topics', '--timeout', '60'],
      env: { ...visEnv(endless.baseUrl), VIS_MAX_BODY_MB: String(ENDLESS_CAP_MB) },
      exitCode: 7,
      base: 'node -e 0',
      memLimitMb: 4 * ENDLESS_CAP_MB,
    },
  ];
  const historyCases = [
    {
      // The same cache hit as above, measured in these rounds: what the history commands are compared with.
      name: 'vis topics -f json, cache hit ',
      argv: [node, VIS, 'topics', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
    },
    {
      name: `vis changes, ${HISTORY_DAYS} days recorded`,
      argv: [node, VIS, 'changes', '--format', 'json'],
      env: { ...history.env, ...cacheEnv },
      base: 'vis topics -f json, cache hit ',
      target: 1.5,
    },
    {
      name: `vis history topics, ${HISTORY_DAYS} days`,
      argv: [node, VIS, 'history', 'topics', '--format', 'csv'],
      env: { ...history.env, ...cacheEnv },
      base: 'vis topics -f json, cache hit ',
      target: 2,
    },
  ];
  // An agency's report made from the cache its morning export filled: the export of the
  // report's period (30 days) runs once, before the rounds; every round then reads nothing.
  const agencyEnv = { ...visEnv(sandbox.baseUrl), VIS_API_KEY: 'vis_demo_agency', VIS_CONFIG_DIR: join(work, 'agency-config') };
  const reportCases = [
    {
      name: 'vis topics -f json, cache hit  ',
      argv: [node, VIS, 'topics', '--format', 'json'],
      env: visEnv(sandbox.baseUrl),
    },
    {
      name: 'vis report --all-brands, after export',
      argv: [node, VIS, 'report', '--all-brands', '--combined', '--quiet', '-o', join(work, `agency-${tag}.html`)],
      env: agencyEnv,
      base: 'vis topics -f json, cache hit  ',
      target: 4,
    },
  ];
  const exported = spawnSync(node, [VIS, 'export', '--all-brands', '--days', '30', '--quiet', '--dir', join(work, `agency-export-${tag}`)], {
    env: { ...process.env, ...agencyEnv },
    encoding: 'utf8',
  });
  if (exported.status !== 0) throw new Error(`the agency's export failed (${exported.status}): ${exported.stderr}`);
  // The cache-hit cases need the answer (or the brand names) cached before the first timed round.
  for (const c of startup.filter((x) => x.prepare)) spawnSync(c.argv[0], c.argv.slice(1), { env: { ...process.env, ...c.env }, stdio: 'ignore' });
  const tagged = (cases) => cases.map((c) => ({ ...c, tag }));
  return { startup: tagged(startup), payload: tagged(payload), limits: tagged(limits), history: tagged(historyCases), report: tagged(reportCases) };
}

// One row per case of the running Node; `other` holds the same case measured on Node 24.
const results = [];
try {
  const perNode = nodes.map(casesOn);
  const curl = { name: 'curl | jq @csv', argv: ['sh', '-c', `${curlJq} > '${jqFile}'`], tag: 'any' };
  // Both Nodes' cases in the same rounds, so they see the same load (see measureGroup).
  for (const group of ['startup', 'payload', 'limits', 'history', 'report']) {
    const measured = await measureGroup([...(group === 'payload' ? [curl] : []), ...perNode.flatMap((cases) => cases[group])]);
    const baseOf = (r) => measured.find((b) => b.name === r.base && (b.tag === r.tag || b.tag === 'any'));
    for (const r of measured.filter((m) => m.tag !== '24')) {
      const other = measured.find((m) => m.tag === '24' && m.name === r.name);
      results.push({ ...r, base: baseOf(r), other: other && { ...other, base: baseOf(other) } });
    }
  }
} finally {
  sandbox.stop();
  await history.stop();
  big.stop();
  endless.stop();
}

const fmt = (ms) => ms.toFixed(0).padStart(6);
const ratioOf = (r) => (r.base ? r.median / r.base.median : undefined);
const thisMajor = `node ${process.versions.node.split('.')[0]}`;
console.log(
  `vis bench, ${new Date().toISOString().slice(0, 10)}, node ${process.version}${node24Bin ? ` and v${NODE24}` : ''}, ${cpus().length} cores, ` +
    `${RUNS} runs after ${WARMUP} warm-up; big answer ${(big.bytes / 1e6).toFixed(1)} MB (${BIG_RUNS} runs)`,
);
console.log(`csv rows: vis ${lineCount(csvFile) - 1}, jq ${lineCount(jqFile)}; table lines: ${lineCount(tableFile)}`);
console.log(
  `history: ${HISTORY_DAYS} daily exports recorded in ${(history.recordedMs / 1000).toFixed(1)} s, taken into the store in ${(history.ingestMs / 1000).toFixed(1)} s; ` +
    `store ${(statSync(join(work, 'history', 'history.db')).size / 1e6).toFixed(1)} MB`,
);
console.log('');
const otherHead = node24Bin ? `  | node 24: median  ratio peak MB` : '';
console.log(`${'case'.padEnd(40)}   min median    max  ratio target   peak MB  memory (${thisMajor})${otherHead}`);
for (const r of results) {
  const ratio = ratioOf(r);
  const timeOk = ratio === undefined || r.target === undefined ? '' : ratio <= r.target ? 'ok' : 'MISS';
  let mem = '';
  if (r.name === 'undici alone, same request') {
    mem = `${(r.rssMb / r.base.rssMb).toFixed(2)}x node (the floor of a request)`;
  } else if (r.memLimitMb) {
    mem = `<= ${r.memLimitMb} MB ${r.rssMb <= r.memLimitMb ? 'ok' : 'MISS'}`;
  }
  let other = '';
  if (r.other) {
    const o = ratioOf(r.other);
    other = `  |        ${fmt(r.other.median)} ${o === undefined ? '      ' : `${o.toFixed(2)}x`.padStart(6)} ${r.other.rssMb.toFixed(1).padStart(7)}`;
  }
  const memText = [timeOk, mem].filter(Boolean).join('; ');
  console.log(
    `${r.name.padEnd(40)} ${fmt(r.min)} ${fmt(r.median)} ${fmt(r.max)}` +
      ` ${ratio === undefined ? '      ' : `${ratio.toFixed(2)}x`.padStart(6)} ${r.target ? `<=${r.target}`.padEnd(6) : '      '}` +
      ` ${r.rssMb.toFixed(1).padStart(8)}  ${other ? memText.padEnd(48) : memText}${other}`,
  );
}

// Each target with its figure on each Node, side by side: Node 24's (the targets are set
// for it, the LTS most users run), then the running Node's.
console.log('');
const verdictOf = (r, target) => {
  const ratio = r && ratioOf(r);
  return ratio === undefined ? ''.padEnd(11) : `${`${ratio.toFixed(2)}x`.padStart(6)} ${(ratio <= target ? 'ok' : 'MISS').padEnd(4)}`;
};
console.log(`${'targets'.padEnd(42)} ${'target'.padEnd(8)} ${'against'.padEnd(32)} ${node24Bin ? `${'node 24'.padEnd(11)}  ` : ''}${thisMajor}`);
for (const r of results.filter((x) => x.target !== undefined)) {
  console.log(
    `  ${r.name.trim().padEnd(40)} <= ${`${r.target}x`.padEnd(5)} ${r.base.name.trim().padEnd(32)} ${node24Bin ? `${verdictOf(r.other, r.target)}  ` : ''}${verdictOf(r, r.target)}`,
  );
}
rmSync(work, { recursive: true, force: true });

/**
 * Two exports of one key at once (an agency's two cron jobs), with the API's limit: every
 * request of both, from the sandbox's log, must stay at or under 60 in any minute, with
 * no 429, and as close to 60 a minute as the limit allows.
 */
async function exportBench() {
  const LIMIT = 60;
  const sandbox = await startSandbox(LIMIT);
  const env = {
    ...process.env,
    VIS_BASE_URL: sandbox.baseUrl,
    VIS_API_KEY: 'vis_demo_agency',
    VIS_CONFIG_DIR: join(work, 'config'),
    HOME: work,
    XDG_CACHE_HOME: join(work, 'cache'),
    NO_COLOR: '1',
  };
  delete env.VIS_RATE_LIMIT;
  const jobs = [
    ['export', '--dir', join(work, 'export-a'), '--all-brands', '--all-markets', '--quiet'],
    ['export', '--dir', join(work, 'export-b'), '--all-brands', '--quiet'],
  ];
  const started = Date.now();
  let requests;
  try {
    const codes = await Promise.all(
      jobs.map(
        (argv) =>
          new Promise((resolve) => {
            const child = spawn(process.execPath, [VIS, ...argv], { env, stdio: ['ignore', 'ignore', 'inherit'] });
            child.on('close', (code) => resolve(code));
          }),
      ),
    );
    const res = await fetch(`${sandbox.baseUrl.replace(/\/api\/v1$/, '')}/__sandbox/requests`);
    requests = await res.json();
    if (codes.some((c) => c !== 0)) console.error(`bench: the exports exited ${codes.join(' and ')}`);
  } finally {
    sandbox.stop();
  }
  const times = requests.map((r) => Date.parse(r.at)).sort((a, b) => a - b);
  const n = times.length;
  const reads = requests.filter((r) => r.status === 200 && !['/usage', '/brands'].includes(r.path)).length;
  const limited = requests.filter((r) => r.status === 429).length;
  let busiest = 0;
  for (let i = 0, j = 0; i < n; i++) {
    while (times[j] < times[i] - 60_000 + 1) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  // A perfect pacer sends the n-th request floor((n-1)/limit) minutes after the first.
  const spanMs = times[n - 1] - times[0];
  const idealMs = Math.floor((n - 1) / LIMIT) * 60_000;
  const pace = idealMs === 0 ? 1 : idealMs / spanMs;
  console.log(
    `vis bench --export, ${new Date().toISOString().slice(0, 10)}, node ${process.version}: two parallel exports, one key, sandbox limit ${LIMIT} a minute`,
  );
  console.log(`requests: ${n} (${reads} reads), in ${(spanMs / 1000).toFixed(1)} s; whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `pace: ${pace.toFixed(3)} of the limit (a perfect pacer needs ${(idealMs / 1000).toFixed(0)} s for ${n}; goal >= 0.95) ${pace >= 0.95 ? 'ok' : 'MISS'}`,
  );
  console.log(`busiest minute: ${busiest} requests (limit ${LIMIT}) ${busiest <= LIMIT ? 'ok' : 'MISS'}`);
  console.log(`429s: ${limited} (goal 0) ${limited === 0 ? 'ok' : 'MISS'}`);
}

function lineCount(file) {
  if (!existsSync(file) || statSync(file).size === 0) return 0;
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
