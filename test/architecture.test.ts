/**
 * Folders import downward only. Every file under src/ belongs to a layer, and a layer may
 * import only the layers (or, for a narrow exception, the files) ALLOWED names for it. The
 * imports are read with a regular expression, type-only ones included: a type is a
 * dependency too, even if the bundle drops it.
 *
 * Top to bottom:
 *   boot                 what bin/vis.js runs before the bundle (Node's compile cache, and
 *                        `--help` from the pages the build wrote)
 *   main                 the entry point: io, context, run
 *   cli/program          the root program and its registration of every command
 *                        (cli/program.ts), and its runner (cli/run.ts)
 *   cli/commands         one folder per command: declare.ts, parse.ts, run.ts (data/ is
 *                        every command of the endpoint table)
 *   mcp                  what vis mcp's server guards: each result's size bound, the
 *                        masking of secrets, and the SDK's entry (loaded by vis mcp alone)
 *   cli                  what the declarations share: the declaration contract and the
 *                        runF seam, the version
 *   export               the export's planner and runner; its brands and requests are
 *                        chosen and built by two pure services every reader shares
 *   services             what commands do with an account: the context (the factory of
 *                        session, config, clock), settings, the session, the cached
 *                        sender, hints, brand and question-id lookups, the brand choice,
 *                        the request of one scope, and the reads of many scopes
 *   completion           engines: the shell-script generators
 *   terminal             the terminal as vis sees it (io: TTYs, colour, width), the pager,
 *                        the spinner, VIS_FORCE_TTY, and the step that writes a rendered
 *                        answer to stdout, a pager or -o
 *   cache                the response cache on disk: keys, freshness rules, the store
 *   api                  the account readers (GET /brands, GET /usage, GET /markets)
 *   http, sandbox        the client; the embedded server
 *   flags, config, docs  the command line's names and rules; profiles; help topics
 *   output               renderers (table, json, csv, the views) and the file writer
 *   text                 pure helpers over text and parsed JSON that the client and the
 *                        renderers share: sanitising, display width, message wrapping,
 *                        nesting depth, numbers kept as typed
 *   schemas              the data schema of each endpoint (zod), and the columns they know
 *   endpoints, fs        the table; folder making, lock files and atomic writes
 *   errors, domain       the error classes, shared types, dates and variables
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

type Layer =
  | 'boot'
  | 'main'
  | 'cli/program'
  | 'cli/commands'
  | 'mcp'
  | 'cli'
  | 'services'
  | 'export'
  | 'history'
  | 'report'
  | 'completion'
  | 'cache'
  | 'api'
  | 'http'
  | 'sandbox'
  | 'flags'
  | 'config'
  | 'docs'
  | 'terminal'
  | 'output'
  | 'text'
  | 'schemas'
  | 'endpoints'
  | 'errors'
  | 'fs'
  | 'domain'
  | 'types';

/**
 * What each layer may import besides itself: layers, or single files (relative to src/)
 * where one pure helper of a sibling is all a layer needs. Each file exception says why.
 */
const ALLOWED: Record<Layer, readonly string[]> = {
  // Runs before the bundle loads: only the dependency-free argv scans and folder making;
  // and `--help` from the build's pages, laid out as the program lays them out
  // (cli/help-layout.ts) at the terminal's width (terminal/io.ts, terminalColumns); and
  // `vis __complete` from the files, read as the command reads them (its request.ts and
  // lookup.ts), with the config store that lookup is handed.
  boot: [
    'flags',
    'fs',
    'domain',
    'cli/help-layout.ts',
    'terminal/io.ts',
    'config/store.ts',
    'cli/commands/completion/request.ts',
    'cli/commands/completion/lookup.ts',
  ],
  // The completion scripts' `vis __complete`, run on every TAB, is answered before the
  // program is built: main.ts loads that one file of the command instead.
  main: ['cli/program', 'cli', 'services', 'terminal', 'output', 'flags', 'domain', 'errors', 'cli/commands/completion/quick.ts'],
  'cli/program': ['cli/commands', 'cli', 'services', 'terminal', 'docs', 'flags', 'http', 'output', 'text', 'errors', 'domain'],
  'cli/commands': [
    'cli',
    'mcp',
    'services',
    'terminal',
    'cache',
    'export',
    'history',
    'report',
    'completion',
    'api',
    'http',
    'output',
    'text',
    'config',
    'flags',
    'docs',
    'fs',
    'endpoints',
    'errors',
    'domain',
    // vis mcp's output schemas are derived from each endpoint's data schema.
    'schemas/data.ts',
  ],
  // Pure: the size bound and the masking work on JSON values and text, and import nothing of vis.
  mcp: [],
  // The declaration contract names the context each command is registered with.
  cli: ['services', 'flags', 'docs', 'errors', 'domain'],
  services: ['terminal', 'history', 'cache', 'api', 'http', 'sandbox', 'output', 'text', 'schemas', 'config', 'flags', 'endpoints', 'errors', 'fs', 'domain'],
  // The export chooses its brands and builds each request as every command does: the two
  // pure services it shares (its reads, its pacing and its resume are its own).
  export: ['services/brand-choice.ts', 'services/scope-request.ts', 'api', 'http', 'output', 'text', 'schemas', 'flags', 'endpoints', 'errors', 'fs', 'domain'],
  // The scripts are made from the commander program handed in; the profile setting names
  // (`vis config set <TAB>`) and help topics are data.
  // schemas: the columns --sort completes to.
  completion: ['config', 'docs', 'endpoints', 'domain', 'schemas'],
  // Writes what output rendered; the flags say where. http/envelope.ts: the type of what
  // it renders; schemas: the columns a CSV of an endpoint knows.
  terminal: ['http/envelope.ts', 'output', 'text', 'schemas', 'flags', 'endpoints', 'errors', 'domain'],
  // The history store: the table says which endpoints are recorded; its files are private
  // folders written atomically (fs); output/flatten.ts: isPlainObject, to read payloads of
  // unknown shape when comparing two days.
  history: ['output/flatten.ts', 'text', 'endpoints', 'errors', 'fs', 'domain'],
  // The client report: HTML, its charts and its PDF, from the report's model (domain);
  // output/flatten.ts and output/views/numbers.ts: shapes it does not know as plain tables,
  // numbers as the terminal views write them; fs: the file written atomically.
  report: ['output/flatten.ts', 'output/views/numbers.ts', 'text', 'endpoints', 'errors', 'fs', 'domain'],
  // The freshness classes are the table's; the files are private folders (fs).
  cache: ['endpoints', 'fs', 'domain'],
  // output/flatten.ts: isPlainObject, to read payloads of unknown shape.
  api: ['http', 'output/flatten.ts', 'endpoints', 'errors', 'domain'],
  // The client cleans server text before it becomes an error message and refuses JSON
  // nested deeper than the renderers can take (text); the pacing window shared between
  // processes is a locked file in the private cache folder (fs).
  http: ['text', 'endpoints', 'errors', 'fs', 'domain'],
  // http/url.ts: the loopback rule the sandbox shares with the client (pure functions).
  // schemas: openapi.json's data schemas are generated from them.
  sandbox: ['http/url.ts', 'endpoints', 'errors', 'fs', 'domain', 'schemas'],
  flags: ['endpoints', 'errors', 'domain'],
  config: ['errors', 'fs', 'domain'],
  // flags/globals.ts, flags/command-options.ts: `vis help options` lists the options the
  // root program and the commands are built from.
  docs: ['flags/globals.ts', 'flags/command-options.ts', 'endpoints', 'domain'],
  // The file writer (-o) writes through the one atomic writer (fs/atomic-write.ts).
  output: ['text', 'endpoints', 'errors', 'fs', 'domain'],
  text: ['domain'],
  // The schemas know each endpoint's data; they are not renderers (output takes column
  // names, never a schema) and are loaded only where a command needs them.
  schemas: ['endpoints', 'domain'],
  endpoints: ['errors', 'domain'],
  errors: [],
  // errors: a lock that cannot be had in time is a usage error (fs/lock.ts).
  fs: ['errors'],
  domain: [],
  types: [],
};

/** The layer of a path relative to src/ (posix separators). */
function layerOf(path: string): Layer | undefined {
  if (path === 'main.ts') return 'main';
  if (path === 'endpoints.ts') return 'endpoints';
  if (path === 'errors.ts') return 'errors';
  if (path === 'cli/program.ts' || path === 'cli/run.ts') return 'cli/program';
  if (path.startsWith('cli/commands/')) return 'cli/commands';
  const top = path.split('/')[0]!;
  return top in ALLOWED && path.includes('/') ? (top as Layer) : undefined;
}

const IMPORT = /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** The relative specifiers a source imports, static, re-exported or dynamic. */
function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3])!).filter((s) => s.startsWith('.'));
}

/** Every import of `files` that its layer may not make, as "from -> to". */
function violations(files: ReadonlyArray<{ path: string; source: string }>): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = layerOf(f.path);
    if (!from) {
      out.push(`${f.path}: in no layer (add its folder to ALLOWED)`);
      continue;
    }
    for (const spec of importsOf(f.source)) {
      const target = posix.normalize(posix.join(posix.dirname(f.path), spec)).replace(/\.js$/, '.ts');
      const to = layerOf(target);
      if (to === from) continue;
      if (to && ALLOWED[from].includes(to)) continue;
      if (ALLOWED[from].includes(target)) continue;
      out.push(`${f.path} -> ${target} (${from} may not import ${to ?? 'outside src/'})`);
    }
  }
  return out;
}

/** The command folder (`data`, `report`…) of a path under cli/commands/, else undefined. */
function commandOf(path: string): string | undefined {
  return /^cli\/commands\/([^/]+)\//.exec(path)?.[1];
}

/** Every import of a command's file into another command's folder, as "from -> to". */
function commandCrossings(files: ReadonlyArray<{ path: string; source: string }>): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = commandOf(f.path);
    if (from === undefined) continue;
    for (const spec of importsOf(f.source)) {
      const target = posix.normalize(posix.join(posix.dirname(f.path), spec)).replace(/\.js$/, '.ts');
      const to = commandOf(target);
      if (to !== undefined && to !== from) out.push(`${f.path} -> ${target}`);
    }
  }
  return out;
}

function srcFiles(dir = SRC): Array<{ path: string; source: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return srcFiles(full);
    if (!/\.ts$/.test(e.name)) return [];
    return [{ path: relative(SRC, full).split(sep).join('/'), source: readFileSync(full, 'utf8') }];
  });
}

describe('architecture: folders import downward only', () => {
  it('no file under src/ imports a layer above its own', () => {
    const files = srcFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('only program.ts reaches into the commands, and only through their declare.ts', () => {
    // Besides main.ts's quick answer to the completion scripts, and boot's from the files
    // (ALLOWED, main and boot): it is the hidden command's own answer, made without
    // commander for every TAB, not a way around a declaration's parse step (the program
    // answers every other shape of its line).
    const QUICK = [
      'main.ts -> cli/commands/completion/quick.ts',
      'boot/complete.ts -> cli/commands/completion/request.ts',
      'boot/complete.ts -> cli/commands/completion/lookup.ts',
    ];
    const found: string[] = [];
    for (const f of srcFiles()) {
      const from = layerOf(f.path);
      for (const spec of importsOf(f.source)) {
        const target = posix.normalize(posix.join(posix.dirname(f.path), spec)).replace(/\.js$/, '.ts');
        if (layerOf(target) !== 'cli/commands' || from === 'cli/commands') continue;
        if (QUICK.includes(`${f.path} -> ${target}`)) continue;
        if (f.path !== 'cli/program.ts' || !/^cli\/commands\/[a-z-]+\/declare\.ts$/.test(target)) found.push(`${f.path} -> ${target}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('a command never imports another command: what two share lives in services/ or below', () => {
    expect(commandCrossings(srcFiles())).toEqual([]);
  });

  it('a crossing between command folders is caught, and an import within one folder is not', () => {
    const files = [
      { path: 'cli/commands/report/run.ts', source: "import { a } from '../data/select.js';\nimport type { B } from '../changes/run.js';" },
      { path: 'cli/commands/history/parse.ts', source: "const m = await import('../data/parse.js');" },
      { path: 'cli/commands/data/run.ts', source: "import { c } from './select.js';\nimport { d } from '../../../services/scopes.js';" },
      { path: 'cli/commands/completion/declare.ts', source: "const e = await import('../completion/candidates.js');" },
    ];
    expect(commandCrossings(files)).toEqual([
      'cli/commands/report/run.ts -> cli/commands/data/select.ts',
      'cli/commands/report/run.ts -> cli/commands/changes/run.ts',
      'cli/commands/history/parse.ts -> cli/commands/data/parse.ts',
    ]);
  });

  it('a declaration loads its parse and run steps only when the command runs (import())', () => {
    const found: string[] = [];
    for (const f of srcFiles().filter((x) => /^cli\/commands\/[a-z-]+\/declare\.ts$/.test(x.path))) {
      const statics = [...f.source.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const spec of statics) {
        if (/^\.\/(parse|run)\.js$/.test(spec) && !/import type|export type/.test(f.source.split(spec)[0]!.split('\n').at(-1)!))
          found.push(`${f.path} -> ${spec}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the allowed directions form no cycle, so "downward" means something', () => {
    const seen = new Set<Layer>();
    const visiting: Layer[] = [];
    const visit = (layer: Layer) => {
      if (visiting.includes(layer)) throw new Error(`cycle: ${[...visiting, layer].join(' -> ')}`);
      if (seen.has(layer)) return;
      visiting.push(layer);
      for (const target of ALLOWED[layer]) visit(target in ALLOWED ? (target as Layer) : layerOf(target)!);
      visiting.pop();
      seen.add(layer);
    };
    for (const layer of Object.keys(ALLOWED) as Layer[]) visit(layer);
    expect(seen.size).toBe(Object.keys(ALLOWED).length);
  });

  it('every allowed target names a layer or a file that exists', () => {
    const paths = new Set(srcFiles().map((f) => f.path));
    for (const targets of Object.values(ALLOWED)) {
      for (const t of targets) expect(t in ALLOWED || paths.has(t), t).toBe(true);
    }
  });

  it('the reader sees static, type-only, re-exported, side-effect and dynamic imports', () => {
    const source = [
      "import { a } from '../cli/context.js';",
      "import type { B } from '../cli/io.js';",
      "export { c } from '../cli/flags.js';",
      "import '../cli/side.js';",
      "const d = await import('../cli/program.js');",
      "import {\n  e,\n  f,\n} from './local.js';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['../cli/context.js', '../cli/io.js', '../cli/flags.js', '../cli/side.js', '../cli/program.js', './local.js']);
  });

  it.each([
    ['completion/model.ts', "import { x } from '../cli/context.js';", 'completion may not import cli'],
    ['export/options.ts', "import { parseFlags } from '../cli/options.js';", 'export may not import cli'],
    ['config/store.ts', "import type { Env } from '../cli/io.js';", 'config may not import cli'],
    ['http/client.ts', "import { renderCsv } from '../output/csv.js';", 'http may not import output'],
    ['services/context.ts', "const m = await import('../cli/commands/auth/run.js');", 'services may not import cli/commands'],
    ['http/client.ts', "import { s } from '../terminal/io.js';", 'http may not import terminal'],
    ['text/width.ts', "import { t } from '../output/table.js';", 'text may not import output'],
    ['errors.ts', "import { ENDPOINTS } from './endpoints.js';", 'errors may not import endpoints'],
    ['extra/thing.ts', '', 'in no layer'],
  ])('an upward import is caught: %s %s', (path, source, message) => {
    const found = violations([{ path, source }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('downward and same-layer imports pass, and a file exception is only that file', () => {
    expect(violations([{ path: 'cli/commands/export/run.ts', source: "import { x } from '../../../export/execute-plan.js';" }])).toEqual([]);
    expect(violations([{ path: 'cli/program.ts', source: "import { c } from './commands/config/declare.js';" }])).toEqual([]);
    expect(violations([{ path: 'http/client.ts', source: "import { s } from '../text/sanitize.js'; import { t } from './transport.js';" }])).toEqual([]);
    expect(violations([{ path: 'terminal/render.ts', source: "import type { E } from '../http/envelope.js';" }])).toEqual([]);
    expect(violations([{ path: 'terminal/render.ts', source: "import { c } from '../http/client.js';" }])).toHaveLength(1);
    expect(violations([{ path: 'sandbox/x.ts', source: "import { k } from '../http/key.js';" }])).toHaveLength(1);
  });
});
