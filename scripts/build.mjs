// Bundles vis into dist/ with esbuild, shaped for start-up time on Node 20.
//
//   dist/boot.cjs           what bin/vis.js runs first: a V8 flag and the code cache (src/boot/)
//   dist/help.cjs           `vis [command...] --help` without the CLI (src/boot/help.ts): the
//                           pages in dist/help/ laid out with commander's Help class alone
//   dist/help/*.json        each command's help page, from the program (scripts/help-pages.ts)
//   dist/complete.cjs       `vis __complete <source>` without the CLI (src/boot/complete.ts):
//                           candidates from the config and the caches, never a request
//   dist/vis.cjs            the CLI: src/main.ts and everything it imports, in one file
//   dist/lib/transport.cjs  the part of undici vis uses (src/http/transport.ts; see trimUndici)
//   dist/lib/sandbox.cjs    the sandbox (src/sandbox/index.ts), for --demo and `vis sandbox`
//   dist/lib/mcp.cjs       the MCP SDK's server and stdio transport (src/mcp/sdk.ts), for `vis mcp` only
//   dist/lib/table.cjs      the table renderer and its views (src/output/table.ts)
//   dist/lib/ora.cjs        ora (the spinner), loaded only when a request is slow on a TTY
//   dist/lib/playwright/lib/playwright.cjs
//                           playwright-core, loaded only by `vis report --pdf` to drive a local
//                           Chromium (src/report/pdf.ts), with the package's package.json and
//                           browsers.json in dist/lib/playwright/: it reads both at load from
//                           the folder above its own (its packageRoot)
//   dist/lib/sqlite.cjs     node-sqlite3-wasm, for the commands that open the history store,
//                           with node-sqlite3-wasm.wasm beside it (it reads the file from its
//                           own folder, __dirname)
//   dist/lib/pg.cjs         pg (node-postgres), for a history kept in PostgreSQL
//                           (src/history/pg/store.ts); its optional native binding
//                           (pg-native) left out (see leaveOutPgNative)
//   dist/lib/pg-connection-string.cjs
//                           pg-connection-string, which reads a PostgreSQL history's URL
//                           (src/history/pg/url.ts), for the commands that name one
//   dist/lib/charts.cjs     the report's charts with Vega and Vega-Lite (src/report/charts/kit.ts),
//                           for `vis report` only; drawn offline (see offlineCharts)
//   dist/THIRD_PARTY_NOTICES.md  the licences of every package bundled above (scripts/notices.mjs);
//                           `npm run package` ships it at the package's root
//
// Why CommonJS and not ES modules with code splitting: Node 20's ES module loader reads
// every file asynchronously, resolves through URLs, and gives every built-in module an ES
// facade (importing node:fs that way loads fs streams, for instance). Measured on a 2-core
// machine, that cost more than the code itself. CommonJS loads synchronously, with no
// facades. Code that only some commands run (views, export, completion) stays in vis.cjs
// but is evaluated on first use (esbuild wraps lazily imported modules), so it costs a
// quick pre-parse, not a run. The lib files are separate because they are big and many
// runs never touch them (json and csv output need no table code; only --demo and
// `vis sandbox` need the sandbox); each is self-contained, and only the stateless modules
// in MAY_BE_IN_BOTH may be bundled into both a lib file and vis.cjs.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { thirdPartyNotices } from './notices.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// The versions of Vega and Vega-Lite bundled: a chart drawn by others is drawn again (src/report/charts/drawn.ts).
const chartLibs = ['vega', 'vega-lite']
  .map((name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version)
  .join(' ');
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));
// Build beside dist/ and swap it in at the end, so a failed or concurrent build never
// leaves a half-written dist/ behind for a running vis (or a running test) to trip on.
const staging = `${dist}.staging-${process.pid}`;
const retired = `${dist}.old-${process.pid}`;
rmSync(staging, { recursive: true, force: true });

/** Separately bundled parts: what the CLI imports -> the file it loads at run time. */
const LIBS = [
  { name: 'transport', entry: 'src/http/transport.ts', matches: (p) => p.endsWith('/src/http/transport.ts') },
  { name: 'sandbox', entry: 'src/sandbox/index.ts', matches: (p) => p.endsWith('/src/sandbox/index.ts') },
  // The MCP SDK (server and stdio transport, with zod and ajv): `vis mcp` alone loads it.
  { name: 'mcp', entry: 'src/mcp/sdk.ts', matches: (p) => p.endsWith('/src/mcp/sdk.ts') },
  { name: 'table', entry: 'src/output/table.ts', matches: (p) => p.endsWith('/src/output/table.ts') },
  // ES-only packages: the file's module.exports is the package's default export, which
  // is what `(await import('ora')).default` in vis.cjs then receives.
  { name: 'ora', entry: 'default-export:ora', matches: (_p, spec) => spec === 'ora' },
  // CommonJS: the file's module.exports is the package's (Database, SQLite3Error).
  { name: 'sqlite', entry: 'node-sqlite3-wasm', matches: (_p, spec) => spec === 'node-sqlite3-wasm' },
  // CommonJS: the file's module.exports is pg's (Client, Pool, types…).
  { name: 'pg', entry: 'pg', matches: (_p, spec) => spec === 'pg' },
  // The PostgreSQL URL reader alone (src/history/pg/url.ts): a command that names a
  // PostgreSQL history reads its URL without loading pg, and `vis config set history`
  // checks one without connecting.
  { name: 'pg-connection-string', entry: 'pg-connection-string', matches: (_p, spec) => spec === 'pg-connection-string' },
  // The chart kit with the whole of Vega and Vega-Lite (about 1.3 MB): src/report/charts/index.ts
  // imports it with import() when a report draws. Built on its own from the packages' ES
  // module builds (`mainFields`), which import d3 as packages: their CommonJS builds carry
  // d3 copied inside, where the notices (scripts/notices.mjs) would not see its licences.
  {
    name: 'charts',
    entry: 'src/report/charts/kit.ts',
    matches: (p) => p.endsWith('/src/report/charts/kit.ts'),
    mainFields: ['module', 'main'],
  },
  // CommonJS: the file's module.exports is the package's ({ chromium, ... }).
  { name: 'playwright/lib/playwright', entry: 'playwright-core', matches: (_p, spec) => spec === 'playwright-core' },
];

/** The WebAssembly SQLite's binary, which its JavaScript reads from its own folder at load. */
const SQLITE_WASM = 'node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm';

/** What the bundled playwright-core reads at load from its package's root (one folder above its file). */
const PLAYWRIGHT_FILES = ['package.json', 'browsers.json'];

/** Packages only a lib file may hold: a data command's start-up must never load them. */
const NEVER_IN_CORE = [
  'node_modules/node-sqlite3-wasm/',
  // pg and the pg-* packages it is made of: only a history kept in PostgreSQL connects.
  'node_modules/pg/',
  'node_modules/pg-',
  'node_modules/pgpass/',
  // Vega, Vega-Lite and every vega-* package they are made of: only `vis report` draws.
  'node_modules/vega/',
  'node_modules/vega-',
  // Playwright drives Chromium for `vis report --pdf` alone.
  'node_modules/playwright-core/',
  // The MCP SDK serves `vis mcp` alone.
  'node_modules/@modelcontextprotocol/',
];

function checkCoreLeavesOut(coreMeta) {
  for (const [out, { inputs }] of Object.entries(coreMeta.outputs)) {
    const found = Object.keys(inputs).filter((p) => NEVER_IN_CORE.some((prefix) => p.replaceAll('\\', '/').includes(prefix)));
    if (found.length > 0) {
      throw new Error(
        `${out.replace(/.*dist[^/]*\//, 'dist/')} would contain ${found.join(', ')}: only a file of dist/lib/ may hold it, imported with import() (LIBS and NEVER_IN_CORE in scripts/build.mjs)`,
      );
    }
  }
}

/** `default-export:PKG` entries: a CommonJS module whose exports are PKG's default export. */
const defaultExportEntries = {
  name: 'default-export-entries',
  setup(b) {
    b.onResolve({ filter: /^default-export:/ }, (args) => ({ path: args.path.slice('default-export:'.length), namespace: 'default-export' }));
    b.onLoad({ filter: /.*/, namespace: 'default-export' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)}).default;`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * What dist/lib/charts.cjs leaves out of Vega, which it never needs and must not reach:
 * - the `canvas` package, which vega-canvas requires if it can find one on the machine.
 *   Without it Vega measures text by estimate, the same on every machine; with it the
 *   layout (and so the SVG) would depend on what happens to be installed, and a native
 *   module would load.
 * - node-fetch, which vega-loader requires to load data from URLs: the charts' data is
 *   inline and their loader refuses every request (src/report/charts/kit.ts), so the
 *   client, and its URL parser, would only be weight.
 * Each is replaced, for those packages only, by a module that exports nothing, which is
 * what Vega expects when the package is not installed.
 */
const offlineCharts = {
  name: 'offline-charts',
  setup(b) {
    b.onResolve({ filter: /^(canvas|node-fetch)$/ }, (args) =>
      /[\\/]vega-(canvas|loader)[\\/]/.test(args.importer) ? { path: args.path, namespace: 'left-out' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({ contents: 'module.exports = null;', loader: 'js' }));
  },
};

/**
 * pg's native binding (pg-native, a libpq addon) is optional and not installed: pg loads it
 * only when asked for `pg.native`, and treats a MODULE_NOT_FOUND as "not there". vis never
 * asks; dist/lib/pg.cjs gets a module that answers so, rather than a require esbuild
 * cannot resolve.
 */
const leaveOutPgNative = {
  name: 'leave-out-pg-native',
  setup(b) {
    b.onResolve({ filter: /^pg-native$/ }, (args) => ({ path: args.path, namespace: 'no-pg-native' }));
    b.onLoad({ filter: /.*/, namespace: 'no-pg-native' }, () => ({
      contents: `const e = new Error("Cannot find module 'pg-native'"); e.code = 'MODULE_NOT_FOUND'; throw e;`,
      loader: 'js',
    }));
  },
};

/** In vis.cjs, an import of a LIBS part becomes a require() of its file in dist/lib/. */
const separateLibs = {
  name: 'separate-libs',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' && args.kind !== 'import-statement') return undefined;
      if (args.pluginData?.skip) return undefined;
      let resolvedPath = '';
      if (args.path.startsWith('.')) {
        const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { skip: true } });
        resolvedPath = r.path.replaceAll('\\', '/');
      }
      const lib = LIBS.find((l) => l.matches(resolvedPath, args.path));
      if (!lib) return undefined;
      if (args.kind !== 'dynamic-import') {
        throw new Error(`${args.importer}: import ${args.path} with import(), not statically: it is bundled apart (scripts/build.mjs)`);
      }
      return { path: `./lib/${lib.name}.cjs`, external: true };
    });
  },
};

/**
 * What dist/lib/transport.cjs leaves out of undici, each by an edit of undici's source at
 * build time. Every edit names the exact text it replaces, and the build fails rather
 * than silently bundling the part again if a new undici no longer has it.
 *
 * Parts vis cannot reach, replaced by a function that throws if it ever were reached:
 * - the HTTP/2 client. undici's client requires it at load time, and it loads node:http2
 *   (with node:tls and node:crypto): 5 MB and several ms on every request. undici speaks
 *   HTTP/2 only when `allowH2` is set, and vis never sets it.
 * - the fetch body encoder, which client-h1 loads for FormData bodies (with webidl, the
 *   multipart parser and more). vis sends JSON strings only.
 * - the SOCKS5 proxy agent, which the ProxyAgent loads: vis refuses socks:// proxies.
 *
 * Node built-ins loaded at start-up for rare cases, loaded when the case arises instead:
 * - node:http (3 MB, 5 ms): for its default maximum header size (vis passes its own,
 *   src/http/transport.ts) and to recognise a server's IncomingMessage passed as a body
 *   (a stream can only be one if node:http is loaded).
 * - node:assert (1 MB, 3 ms, and it opens stderr): undici's internal invariant checks go
 *   through a stand-in that loads the real assert the moment a check fails.
 */
const UNDICI_EDITS = [
  {
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    edits: [
      [
        "const connectH2 = require('./client-h2.js')",
        "function connectH2 () { throw new Error('vis is built without undici\\'s HTTP/2 client (it never sets allowH2)') }",
      ],
      ["const http = require('node:http')\n", ''],
      [
        `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
        `const getDefaultNodeMaxHeaderSize = () => {
  const http = require('node:http')
  if (http && http.maxHeaderSize && Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
      ],
    ],
  },
  {
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/,
    edits: [
      [
        "extractBody = require('../web/fetch/body.js').extractBody",
        "extractBody = () => { throw new Error('vis is built without undici\\'s FormData encoder (it sends JSON)') }",
      ],
    ],
  },
  {
    // Loaded only when a proxy variable applies (src/http/proxy.ts), and vis refuses
    // socks:// proxies, so the SOCKS5 agent (with its client and parser) is never reached.
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]proxy-agent\.js$/,
    edits: [
      [
        "const Socks5ProxyAgent = require('./socks5-proxy-agent')",
        "function Socks5ProxyAgent () { throw new Error('vis is built without undici\\'s SOCKS5 proxy agent (it refuses socks:// proxies)') }",
      ],
    ],
  },
  {
    file: /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/,
    edits: [
      ["const { IncomingMessage } = require('node:http')\n", ''],
      [
        'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
        "if (process.moduleLoadList?.includes('NativeModule http') && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage) {",
      ],
    ],
  },
];

/**
 * commander requires node:child_process (with node:net, node:dgram and the streams) when
 * it loads, only to spawn stand-alone executable sub-commands, which vis never declares:
 * the require waits for a spawn instead, saving every command the load (about 8 ms of
 * `vis --help`). The build fails if a new commander no longer has the line.
 */
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";

const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(COMMANDER_CHILD_PROCESS)) {
        throw new Error(`${args.path}: expected \`${COMMANDER_CHILD_PROCESS}\`; update lazyCommanderChildProcess in scripts/build.mjs for this commander`);
      }
      return {
        contents: source.replace(COMMANDER_CHILD_PROCESS, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"),
        loader: 'js',
      };
    });
  },
};

/**
 * dist/help.cjs lays out help with commander's Help class (lib/help.js), which needs none of
 * the rest of commander: its import of commander takes that one file, which commander's
 * exports do not list, so it is resolved here by path.
 */
const commanderHelpOnly = {
  name: 'commander-help-only',
  setup(b) {
    b.onResolve({ filter: /^commander$/ }, (args) =>
      /[\\/]src[\\/]boot[\\/]help\.ts$/.test(args.importer) ? { path: join(root, 'node_modules', 'commander', 'lib', 'help.js') } : undefined,
    );
  },
};

/**
 * Writes dist/help/: the generator (scripts/help-pages.ts) is bundled into a temporary file
 * and run, so the pages are those of the program being built.
 */
async function writeHelpPages(outDir) {
  const tmp = `${staging}-help-pages.mjs`;
  try {
    await build({
      entryPoints: ['scripts/help-pages.ts'],
      outfile: tmp,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      absWorkingDir: root,
      define: common.define,
      banner: { js: "import { createRequire as __visCreateRequire } from 'node:module'; const require = __visCreateRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const { helpFiles } = await import(pathToFileURL(tmp).href);
    mkdirSync(outDir, { recursive: true });
    for (const [name, file] of helpFiles()) writeFileSync(join(outDir, name), JSON.stringify(file));
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** node:assert for undici: passes are free, and a failing check is the real assert's. */
const LAZY_ASSERT = `'use strict'
let real
const load = () => (real ??= require('node:assert'))
function assert (value, message) {
  if (!value) load()(value, message ?? 'undici: internal invariant failed')
}
module.exports = new Proxy(assert, { get: (target, key) => (key in target ? target[key] : load()[key]) })
`;

const trimUndici = {
  name: 'trim-undici',
  setup(b) {
    for (const { file, edits } of UNDICI_EDITS) {
      b.onLoad({ filter: file }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (!source.includes(from)) {
            throw new Error(`${args.path}: expected \`${from.split('\n')[0]}\`; update UNDICI_EDITS in scripts/build.mjs for this undici`);
          }
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      });
    }
    b.onResolve({ filter: /^node:assert$/ }, (args) =>
      /[\\/]undici[\\/]/.test(args.importer) ? { path: 'node:assert', namespace: 'lazy-assert' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-assert' }, () => ({ contents: LAZY_ASSERT, loader: 'js' }));
  },
};

/**
 * A vis module bundled both into vis.cjs and into a lib file exists twice at run time: two
 * UsageError classes (so `instanceof` fails across the line), two sets of registered
 * secrets to redact, two lists of temporary files to clean up. Only modules with no such
 * state may be in both; the build stops on any other.
 */
const MAY_BE_IN_BOTH = new Set([
  'src/endpoints.ts', // the endpoint table: data
  'src/http/url.ts', // the loopback rule the sandbox shares with the client: pure functions
  'src/domain/demo.ts', // the demo keys, which the sandbox names when it refuses another: data
  'src/domain/prospect.ts', // the prospect rule of POST /pitches, shared with the sandbox: a pure function
  'src/domain/dates.ts', // day arithmetic on UTC dates, shared with the sandbox: pure functions
  'src/schemas/data.ts', // the data schema of each endpoint, for the sandbox's openapi.json: zod schemas, no state
  // What the table renderer shares with csv and json: pure functions, and three error
  // classes that src/terminal/render.ts recognises by name, not by instanceof.
  'src/output/csv.ts',
  'src/output/flatten.ts',
  'src/text/nesting.ts',
  'src/text/raw-number.ts',
  'src/text/sanitize.ts',
  'src/text/width.ts',
  // How counts are written (`151,787`), shared by the views and the export's plan and
  // summary: pure functions.
  'src/output/views/numbers.ts',
  // How times are written (`2026-12-01 00:00 UTC`), shared by the views and the budget's
  // words in the export's plan and the refusals: pure functions.
  'src/output/views/time.ts',
  // What API words mean as colours, shared by the views and the report: a table and a lookup.
  'src/domain/tones.ts',
  // The words for a move of `vis changes`, shared by its view and the report: a pure function.
  'src/text/move-words.ts',
  // An engine's name (`ChatGPT`) for the views and the changes' messages, and whether a
  // share is a 0–1 fraction, shared with the history's compare: a table and pure functions.
  'src/text/engine-name.ts',
  'src/domain/shares.ts',
  // The report's chart plans and the SVG check: vis.cjs makes each plan and checks a chart
  // drawn before (src/report/charts/drawn.ts) without loading Vega; charts.cjs draws the
  // rest. Pure functions, constant tables and a memo of what Intl says of a locale.
  'src/report/charts/specs.ts',
  'src/report/charts/labels.ts',
  'src/report/charts/locale.ts',
  'src/report/charts/svg-safety.ts',
]);

function checkNothingSharedButData(coreMeta, libsMeta) {
  const srcInputs = (meta, out) => Object.keys(meta.outputs[out].inputs).filter((p) => p.startsWith('src/'));
  const inCore = new Set(Object.keys(coreMeta.outputs).flatMap((out) => srcInputs(coreMeta, out)));
  for (const out of Object.keys(libsMeta.outputs)) {
    const twice = srcInputs(libsMeta, out).filter((p) => inCore.has(p) && !MAY_BE_IN_BOTH.has(p));
    if (twice.length > 0) {
      throw new Error(
        `${out.replace(/.*dist[^/]*\//, 'dist/')} and dist/vis.cjs would both contain ${twice.join(', ')}: see MAY_BE_IN_BOTH in scripts/build.mjs`,
      );
    }
  }
}

/**
 * Every bundle file must be Latin-1 only. V8 keeps a script's source in memory for as long
 * as the script lives, one byte per character when every character fits in one, else two
 * for the whole file: a single `œ` in a regular expression (which charset: 'ascii' cannot
 * escape) doubled dist/vis.cjs's 395 KB in the heap of every run, `vis usage` included.
 * Write such characters as \\u escapes in the source.
 */
function checkOneByte(metas) {
  for (const out of metas.flatMap((meta) => Object.keys(meta.outputs))) {
    if (!out.endsWith('.cjs')) continue;
    const text = readFileSync(join(root, out), 'utf8');
    const at = text.search(/[^\u0000-\u00ff]/);
    if (at >= 0) {
      const near = JSON.stringify(text.slice(Math.max(0, at - 40), at + 20));
      throw new Error(
        `${out.replace(/.*dist[^/]*\//, 'dist/')} has ${JSON.stringify(text[at])} (beyond Latin-1), near ${near}: V8 would keep the whole file as two bytes a character; write it as a \\u escape in the source (see checkOneByte in scripts/build.mjs)`,
      );
    }
  }
}

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of bundled code becomes a lazily run closure, and of a built-in or a
  // dist/lib file a require(): no ES module loader at all.
  supported: { 'dynamic-import': false },
  outExtension: { '.js': '.cjs' },
  // Whitespace and syntax only: a smaller file to read and parse, while stack traces
  // (vis --debug) keep the real function names.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: false,
  sourcemap: false,
  legalComments: 'none',
  // Non-ASCII text stays escaped: V8 then keeps each source as one byte per character.
  charset: 'ascii',
  define: { __VIS_VERSION__: JSON.stringify(pkg.version), __VIS_CHART_LIBS__: JSON.stringify(chartLibs) },
  absWorkingDir: root,
  logLevel: 'warning',
};

try {
  const core = await build({
    ...common,
    entryPoints: { vis: 'src/main.ts', boot: 'src/boot/index.ts', help: 'src/boot/help.ts', complete: 'src/boot/complete.ts' },
    outdir: staging,
    plugins: [commanderHelpOnly, separateLibs, lazyCommanderChildProcess],
    metafile: true,
  });
  const libs = await build({
    ...common,
    entryPoints: Object.fromEntries(LIBS.filter((l) => !l.mainFields).map((l) => [`lib/${l.name}`, l.entry])),
    outdir: staging,
    plugins: [defaultExportEntries, trimUndici, leaveOutPgNative],
    metafile: true,
  });
  const apart = await Promise.all(
    LIBS.filter((l) => l.mainFields).map((l) =>
      build({
        ...common,
        entryPoints: { [`lib/${l.name}`]: l.entry },
        outdir: staging,
        mainFields: l.mainFields,
        plugins: [offlineCharts],
        metafile: true,
      }),
    ),
  );
  const libMetas = [libs.metafile, ...apart.map((a) => a.metafile)];
  for (const meta of libMetas) checkNothingSharedButData(core.metafile, meta);
  checkCoreLeavesOut(core.metafile);
  copyFileSync(join(root, SQLITE_WASM), `${staging}/lib/node-sqlite3-wasm.wasm`);
  chmodSync(`${staging}/lib/node-sqlite3-wasm.wasm`, 0o644);
  for (const name of PLAYWRIGHT_FILES) {
    copyFileSync(join(root, 'node_modules/playwright-core', name), `${staging}/lib/playwright/${name}`);
    chmodSync(`${staging}/lib/playwright/${name}`, 0o644);
  }
  checkOneByte([core.metafile, ...libMetas]);
  await writeHelpPages(join(staging, 'help'));
  writeFileSync(`${staging}/THIRD_PARTY_NOTICES.md`, thirdPartyNotices(root, [core.metafile, ...libMetas]));
} catch (err) {
  rmSync(staging, { recursive: true, force: true });
  throw err;
}

try {
  renameSync(dist, retired);
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });
