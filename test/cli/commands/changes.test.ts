/**
 * `vis changes` in-process: argv parsed by the real program (buildProgram's runF seam),
 * then run against an in-memory history (FakeHistory) handed to runChanges, errors turned
 * into exit codes by the entry point's own report(). JSON, CSV and the table; --exit-code
 * (8 on a change, 0 on none or nothing to compare); brands by recorded name; usage
 * errors (exit 2, naming the flag, before anything is opened); --fetch through the cache.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ParsedOptions } from '../../../src/cli/declare.js';
import { buildProgram } from '../../../src/cli/program.js';
import { report } from '../../../src/cli/run.js';
import { ChangesFoundError, LimitError, NotFoundError } from '../../../src/errors.js';
import { runChanges } from '../../../src/cli/commands/changes/run.js';
import type { ChangesOptions } from '../../../src/cli/commands/changes/parse.js';
import { fakeClock, testContext, testIO } from '../../support/context.js';
import { FakeApi, apiFailure, ok, FAKE_BASE_URL } from '../../support/http.js';
import { runInProcess, TEST_KEY } from '../../support/run.js';
import { competitors, history, prompts, recorded, recordedRaw, topics } from '../../history/changes-fixtures.js';
import type { FakeHistory } from '../../support/fake-history.js';
import { changes, envFor } from './changes-harness.js';

const API = FAKE_BASE_URL;
const D1 = '2026-11-19';
const D2 = '2026-11-20';

const at = { api: API };

function twoDays(): FakeHistory {
  return history([
    recorded(
      D1,
      'topics',
      topics([
        ['crm-pricing', 41.5, 'CRM pricing'],
        ['crm-ai', 20],
      ]),
      at,
    ),
    recorded(
      D2,
      'topics',
      topics([
        ['crm-pricing', 33.1, 'CRM pricing'],
        ['crm-ai', 21],
      ]),
      at,
    ),
    recorded(D1, 'competitors', competitors([['=HYPERLINK("x")', 10]]), at),
    recorded(D2, 'competitors', competitors([['=HYPERLINK("x")', 30]]), at),
    recorded(D1, 'visibility', { score: 20 }, { ...at, brandId: '202' }),
    recorded(D2, 'visibility', { score: 22 }, { ...at, brandId: '202' }),
  ]);
}

describe('vis changes: json', () => {
  it('the data and the meta the contract names, worst news first', async () => {
    const r = await changes(['-f', 'json', '--all-brands'], twoDays());
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      data: { from: string; to: string; changes: Array<Record<string, unknown>>; not_compared: Array<Record<string, unknown>> };
      meta: Record<string, unknown>;
    };
    expect([doc.data.from, doc.data.to]).toEqual([D1, D2]);
    expect(doc.data.changes.map((c) => [c.kind, c.subject, c.before, c.after, c.delta])).toEqual([
      ['topic', 'crm-pricing', 41.5, 33.1, -8.4],
      ['competitor', '=HYPERLINK("x")', 10, 30, 20],
    ]);
    expect(doc.data.changes[0]).toEqual({
      kind: 'topic',
      brand: { id: '101', name: 'Northwind CRM' },
      market: { code: 'US-en', label: 'United States (English)' },
      subject: 'crm-pricing',
      label: 'CRM pricing',
      engine: null,
      before: 41.5,
      after: 33.1,
      delta: -8.4,
      points: -8.4,
      move: 'down',
      news: 'drop',
      path: 'topics[crm-pricing].visibility',
      endpoint: 'topics',
      item: '',
      query: '',
    });
    expect(doc.data.not_compared.map((n) => [n.kind, (n.brand as { id: string }).id])).toContainEqual(['page', '202']);
    expect(doc.meta).toEqual({ api: API, threshold: 5, since: null, since_asked: null, since_fallback: false, note: null });
  });

  it('--threshold and --since reach the comparison and the meta', async () => {
    const h = twoDays();
    h.record(
      recorded(
        '2026-11-10',
        'topics',
        topics([
          ['crm-pricing', 90, 'CRM pricing'],
          ['crm-ai', 20],
        ]),
        at,
      ),
    );
    const r = await changes(['-f', 'json', '--threshold', '30', '--since', '2026-11-12'], h);
    const doc = JSON.parse(r.stdout) as { data: { from: string; changes: Array<{ subject: string; before: number }> }; meta: Record<string, unknown> };
    expect(doc.data.from).toBe('2026-11-10');
    expect(doc.data.changes.map((c) => [c.subject, c.before])).toEqual([['crm-pricing', 90]]);
    expect(doc.meta).toMatchObject({ threshold: 30, since: '2026-11-12', since_asked: '2026-11-12' });
  });

  it('--since Nd counts back from the API’s today', async () => {
    const r = await changes(['-f', 'json', '--since', '7d'], twoDays());
    // The fake clock's today is 2026-11-22.
    expect(r.options?.since).toBe('2026-11-15');
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: D1, to: D2 }, meta: { since: '2026-11-15', since_fallback: true } });
  });
});

describe('vis changes: csv', () => {
  it('one row per change, formulas guarded', async () => {
    const r = await changes(['-f', 'csv'], twoDays());
    expect(r.code).toBe(0);
    const rows = parseCsv(r.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => [x.brand_name, x.kind, x.subject, x.before, x.after, x.delta])).toEqual([
      ['Northwind CRM', 'topic', 'crm-pricing', '41.5', '33.1', '-8.4'],
      ['Northwind CRM', 'competitor', `'=HYPERLINK("x")`, '10', '30', '20'],
    ]);
    expect(Object.keys(rows[0]!).slice(0, 8)).toEqual(['from', 'to', 'kind', 'brand_id', 'brand_name', 'market_code', 'market_label', 'subject']);
  });

  it('every column of a row', async () => {
    const r = await changes(['-f', 'csv', '--threshold', '8'], twoDays());
    expect(r.stdout.split('\r\n')).toEqual([
      'from,to,kind,brand_id,brand_name,market_code,market_label,subject,label,engine,before,after,delta,points,move,news,path,endpoint,item,query',
      '2026-11-19,2026-11-20,topic,101,Northwind CRM,US-en,United States (English),crm-pricing,CRM pricing,,41.5,33.1,-8.4,-8.4,down,drop,topics[crm-pricing].visibility,topics,,',
      `2026-11-19,2026-11-20,competitor,101,Northwind CRM,US-en,United States (English),"'=HYPERLINK(""x"")",,,10,30,20,20,up,rival,"competitors[=HYPERLINK(""x"")].share_of_voice",competitors,,`,
      '',
    ]);
  });

  it('data the same in every market: the market columns empty', async () => {
    const h = history([
      recorded(D1, 'technical', { readiness_score: 80, issues: [] }, { ...at, market: '' }),
      recorded(D2, 'technical', { readiness_score: 70, issues: [] }, { ...at, market: '' }),
    ]);
    const rows = parseCsv((await changes(['-f', 'csv'], h)).stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => [x.kind, x.market_code, x.market_label, x.subject])).toEqual([['technical', '', '', 'readiness_score']]);
  });

  it('no change: the same header alone', async () => {
    const r = await changes(['-f', 'csv', '--threshold', '100'], twoDays());
    expect(r.stdout).toBe(
      'from,to,kind,brand_id,brand_name,market_code,market_label,subject,label,engine,before,after,delta,points,move,news,path,endpoint,item,query\r\n',
    );
  });

  it('on a terminal, recorded texts are sanitised in the csv too', async () => {
    const h = history([recorded(D1, 'topics', topics([['a\u001b[2Jb', 40]]), at), recorded(D2, 'topics', topics([['a\u001b[2Jb', 10]]), at)]);
    const piped = await changes(['-f', 'csv'], h);
    expect(piped.stdout).toContain('a\u001b[2Jb');
    const terminal = await changes(['-f', 'csv'], h, { io: { stdoutIsTTY: true } });
    expect(terminal.stdout).not.toContain('\u001b');
  });
});

describe('vis changes: table', () => {
  it('grouped by brand, the heading naming the days', async () => {
    const r = await changes(['--all-brands'], twoDays());
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Changes from ${D1} to ${D2}, moves of 5 points or more`);
    expect(r.stdout).toContain('Northwind CRM  2 changes · id 101');
    expect(r.stdout).toContain('Acme, Inc.  no change · id 202');
  });

  it('coloured on a colour terminal only; fitted to its width', async () => {
    const tty = await changes([], twoDays(), { io: { stdoutIsTTY: true, color: true, columns: 50 } });
    expect(tty.stdout).toContain('\u001b[31m');
    for (const line of tty.stdout.split('\n')) expect(line.replace(/\u001b\[[0-9;]*m/g, '').length).toBeLessThanOrEqual(50);
    const piped = await changes([], twoDays(), { io: { color: false } });
    expect(piped.stdout).not.toContain('\u001b[');
    // FORCE_COLOR: colour in a pipe too, as every table of vis.
    const forced = await changes([], twoDays(), { io: { color: true } });
    expect(forced.stdout).toContain('\u001b[31m');
    const file = join(mkdtempSync(join(tmpdir(), 'vis-changes-out-')), 'changes.txt');
    const toFile = await changes(['-o', file], twoDays(), { io: { stdoutIsTTY: true, color: true } });
    expect(toFile.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).not.toContain('\u001b[');
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(`Changes from ${D1} to ${D2}, moves of 5 points or more`);
  });

  it('VIS_FORCE_TTY: the terminal layout at its width, piped', async () => {
    const wide = await changes([], twoDays(), { env: { VIS_FORCE_TTY: '160' } });
    const narrow = await changes([], twoDays(), { env: { VIS_FORCE_TTY: '50' } });
    expect(wide.stdout).not.toBe(narrow.stdout);
    for (const line of narrow.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
  });

  it('taller than the terminal: through the pager, as every result; --no-pager writes it directly', async () => {
    const io = { stdoutIsTTY: true, stderrIsTTY: true, rows: 3, columns: 100 };
    // A PAGER that cannot be split says why it was not used, so the pager's turn shows on stderr.
    const paged = await changes([], twoDays(), { io, env: { PAGER: "less '-R" } });
    expect(paged.code).toBe(0);
    expect(paged.stderr).toBe("vis: no pager: PAGER has an unclosed quote: less '-R\n");
    expect(paged.stdout.split('\n')[0]).toBe(`Changes from ${D1} to ${D2}, moves of 5 points or more`);
    const direct = await changes(['--no-pager'], twoDays(), { io, env: { PAGER: "less '-R" } });
    expect(direct).toMatchObject({ code: 0, stdout: paged.stdout, stderr: '' });
  });

  it('nothing recorded before the newest day: the note, exit 0 even with --exit-code', async () => {
    const r = await changes(['--exit-code'], history([recorded(D2, 'topics', topics([['a', 1]]), at)]));
    expect(r).toMatchObject({ code: 0, stdout: `Nothing to compare yet: only ${D2} is recorded.\n`, stderr: '' });
  });

  it.each([
    ['table, terminal', ['--exit-code'], true, ''],
    ['csv, terminal', ['-f', 'csv'], true, `vis changes: nothing to compare yet: only ${D2} is recorded\n`],
    ['json, piped stderr', ['-f', 'json'], false, ''],
    ['json, quiet', ['-f', 'json', '-q'], true, ''],
  ] as const)('the note on stderr: %s', async (_name, argv, tty, stderr) => {
    const r = await changes([...argv], history([recorded(D2, 'topics', topics([['a', 1]]), at)]), { io: { stderrIsTTY: tty } });
    expect(r.stderr).toBe(stderr);
  });

  it('no note when there are days to compare, nor when nothing is recorded in json (meta says it)', async () => {
    expect((await changes(['-f', 'json'], twoDays(), { io: { stderrIsTTY: true } })).stderr).toBe('');
    const empty = await changes(['-f', 'json'], history([]), { io: { stderrIsTTY: true } });
    expect(empty.stderr).toBe('vis changes: nothing recorded yet\n');
    expect(JSON.parse(empty.stdout)).toMatchObject({ meta: { note: 'nothing recorded yet' } });
  });

  it('json and csv say it beside the output, on a terminal', async () => {
    const r = await changes(['-f', 'json', '--exit-code'], history([recorded(D2, 'topics', topics([['a', 1]]), at)]), { io: { stderrIsTTY: true } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`vis changes: nothing to compare yet: only ${D2} is recorded\n`);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: null, to: D2, changes: [] }, meta: { note: `nothing to compare yet: only ${D2} is recorded` } });
  });
});

describe('vis changes --exit-code', () => {
  it('8 when anything changed, with the output printed first', async () => {
    const r = await changes(['--exit-code', '-f', 'json'], twoDays());
    expect(r.code).toBe(8);
    expect(r.error).toBeInstanceOf(ChangesFoundError);
    // Without --fetch the history is opened once, for the comparison.
    expect(r.opened).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: D1 } });
    expect(r.stderr).toBe(`vis: 2 changes from ${D1} to ${D2} (--exit-code)\n`);
  });

  it('one change is said in the singular', async () => {
    const r = await changes(['--exit-code', '--threshold', '10', '-f', 'json'], twoDays());
    expect(r.code).toBe(8);
    expect(r.stderr).toBe(`vis: 1 change from ${D1} to ${D2} (--exit-code)\n`);
  });

  it('0 when nothing changed', async () => {
    const r = await changes(['--exit-code', '--threshold', '100'], twoDays());
    expect(r.code).toBe(0);
  });

  it('without --exit-code, changes are exit 0', async () => {
    expect((await changes([], twoDays())).code).toBe(0);
  });
});

describe('vis changes --exit-code: what used to pass for no change', () => {
  it('a score that became 1e999 (Infinity): exit 8, `72 → Infinity` in every format', async () => {
    const h = history([recordedRaw(D1, 'visibility', { score: 72 }, at), recordedRaw(D2, 'visibility', { score: Infinity }, at)]);
    const json = await changes(['--exit-code', '-f', 'json'], h);
    expect(json.code).toBe(8);
    expect(json.stderr).toBe(`vis: 1 change from ${D1} to ${D2} (--exit-code)\n`);
    expect((JSON.parse(json.stdout) as { data: { changes: unknown[] } }).data.changes).toEqual([
      expect.objectContaining({
        kind: 'visibility',
        subject: 'score',
        label: null,
        before: 72,
        after: 'Infinity',
        delta: null,
        points: null,
        move: 'changed',
        news: 'neutral',
      }),
    ]);
    const csv = parseCsv((await changes(['-f', 'csv'], h)).stdout, { columns: true }) as Array<Record<string, string>>;
    expect(csv.map((x) => [x.kind, x.subject, x.label, x.before, x.after, x.delta, x.move])).toEqual([
      ['visibility', 'score', '', '72', 'Infinity', '', 'changed'],
    ]);
    const table = await changes(['--exit-code'], h);
    expect(table.code).toBe(8);
    expect(table.stdout).toContain('visibility  score  72 → Infinity');
  });

  it('a question removed from /prompts: exit 8, one change per engine it had', async () => {
    const h = history([
      recorded(
        D1,
        'prompts',
        prompts([
          ['q1', 'Best CRM?', { chatgpt: 'mentioned' }],
          ['q2', 'Cheapest CRM?', { chatgpt: 'recommended' }],
        ]),
        at,
      ),
      recorded(D2, 'prompts', prompts([['q1', 'Best CRM?', { chatgpt: 'mentioned' }]]), at),
    ]);
    const r = await changes(['--exit-code', '-f', 'json'], h);
    expect(r.code).toBe(8);
    expect((JSON.parse(r.stdout) as { data: { changes: unknown[] } }).data.changes).toEqual([
      expect.objectContaining({
        kind: 'answer_state',
        subject: 'q2',
        label: 'Cheapest CRM?',
        engine: 'chatgpt',
        before: 'recommended',
        after: null,
        move: 'went',
      }),
    ]);
  });

  it('an issue of an unseen shape: its text as the subject, neutral news; the same issues in another order: exit 0', async () => {
    const issue = (name: string, severity: string) => ({ issue: name, severity, pages: 3 });
    const h = history([
      recorded(D1, 'technical', { issues: [issue('robots', 'high')] }, { ...at, market: '' }),
      recorded(D2, 'technical', { issues: [issue('robots', 'high'), issue('No schema.org markup', 'low')] }, { ...at, market: '' }),
    ]);
    const r = await changes(['--exit-code', '-f', 'json'], h);
    expect(r.code).toBe(8);
    expect((JSON.parse(r.stdout) as { data: { changes: unknown[] } }).data.changes).toEqual([
      expect.objectContaining({
        kind: 'other',
        subject: 'issues[No schema.org markup]',
        label: null,
        before: null,
        after: 'No schema.org markup',
        move: 'appeared',
        news: 'neutral',
        path: 'issues[No schema.org markup]',
      }),
    ]);
    const reordered = history([
      recorded(D1, 'technical', { issues: [issue('robots', 'high'), issue('slow', 'low')] }, { ...at, market: '' }),
      recorded(D2, 'technical', { issues: [issue('slow', 'low'), issue('robots', 'high')] }, { ...at, market: '' }),
    ]);
    expect((await changes(['--exit-code'], reordered)).code).toBe(0);
  });
});

describe('vis changes: which brands and markets', () => {
  it('--brand by the name recorded (no request), and by id', async () => {
    const byName = await changes(['-f', 'json', '--brand', 'acme, inc.', '--threshold', '1'], twoDays());
    expect((JSON.parse(byName.stdout) as { data: { changes: Array<{ brand: { id: string } }> } }).data.changes.map((c) => c.brand.id)).toEqual(['202']);
    const byId = await changes(['-f', 'json', '-b', '101'], twoDays());
    expect((JSON.parse(byId.stdout) as { data: { changes: Array<{ brand: { id: string } }> } }).data.changes.map((c) => c.brand.id)).toEqual(['101', '101']);
  });

  it('the configured brand (VIS_BRAND) when no flag names one; --all-brands over it', async () => {
    const configured = await changes(['-f', 'json', '--threshold', '1'], twoDays(), { env: { VIS_BRAND: '202' } });
    expect((JSON.parse(configured.stdout) as { data: { changes: unknown[] } }).data.changes).toHaveLength(1);
    const all = await changes(['-f', 'json', '--threshold', '1', '--all-brands'], twoDays(), { env: { VIS_BRAND: '202' } });
    // crm-pricing, crm-ai (a move of exactly 1), the competitor, and brand 202's score.
    expect((JSON.parse(all.stdout) as { data: { changes: unknown[] } }).data.changes).toHaveLength(4);
  });

  it('--market picks the market; another market is not compared', async () => {
    const r = await changes(['-f', 'json', '--market', 'DE-de'], twoDays());
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: null, to: null, changes: [] } });
  });

  it('a brand the history does not hold: exit 2, naming the flag and the recorded brands', async () => {
    const r = await changes(['--brand', 'Globex'], twoDays());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'vis: --brand: no brand "Globex" in the history (none of its answers was recorded)\nRecorded brands: 202 Acme, Inc., 101 Northwind CRM\n',
    );
  });

  it('the history of another API is not read: `demo` for --demo', async () => {
    const r = await changes(['--demo', '-f', 'json'], twoDays());
    expect(r.options?.api).toBe('demo');
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { to: null } });
  });
});

describe('vis changes: usage errors (exit 2, the flag named, nothing opened)', () => {
  it.each([
    [
      ['--since', 'yesterday'],
      '--since must be a date written YYYY-MM-DD, or a number of days such as 7d (the day that many days before today) (got "yesterday")',
    ],
    [['--since', '2026-02-30'], '--since must be a real calendar date (got "2026-02-30")'],
    [['--threshold', 'five'], '--threshold must be a number of points from 0 to 100, such as 5 or 2.5 (got "five")'],
    [['--threshold', '-1'], '--threshold must be a number of points from 0 to 100, such as 5 or 2.5 (got "-1")'],
    [['--threshold', '101'], '--threshold must be a number of points from 0 to 100, such as 5 or 2.5 (got "101")'],
    [['--brand', 'a', '--all-brands'], '--brand and --all-brands cannot be used together: --all-brands compares every brand'],
    [['--market', 'US-en', '--all-markets'], '--market and --all-markets cannot be used together: --all-markets compares every market'],
    [['-f', 'xml'], '--format must be one of table, json, csv (got "xml")'],
  ])('%j', async (argv, message) => {
    const r = await changes(argv, twoDays());
    expect(r.code).toBe(2);
    expect(r.opened).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(`vis: ${message}`);
  });

  it('a threshold at the edges is taken', async () => {
    expect((await changes(['--threshold', '0', '-f', 'json'], twoDays())).options?.threshold).toBe(0);
    expect((await changes(['--threshold', '100', '-f', 'json'], twoDays())).options?.threshold).toBe(100);
    expect((await changes(['--threshold', '2.5', '-f', 'json'], twoDays())).options?.threshold).toBe(2.5);
  });

  it('no base URL: which history is meant is unknown', async () => {
    const r = await changes([], twoDays(), { env: { VIS_BASE_URL: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('vis: no API base URL: vis changes reads the history of the API it names; pass --base-url or set VIS_BASE_URL');
  });

  it('the whole program: a bad flag is exit 2 before the history is opened', async () => {
    const r = await runInProcess(['changes', '--since', 'soon'], { env: { VIS_HISTORY: 'off' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--since must be');
    expect(r.requests).toEqual([]);
  });

  it('the whole program, no key needed without --fetch: the history is opened and nothing is sent', async () => {
    const r = await runInProcess(['changes'], { env: { VIS_HISTORY: 'off', VIS_API_KEY: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the history is off (VIS_HISTORY)');
    expect(r.requests).toEqual([]);
  });
});

describe('vis changes --fetch', () => {
  const brands = ok({ brands: [{ id: 101, name: 'Northwind CRM', primary_market: 'US-en' }] });
  const PATHS = ['/visibility', '/topics', '/prompts', '/competitors', '/pages', '/technical'];

  it('reads the six answers of the brand first (GET /brands free), then compares the history', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}), 'always');
    const r = await changes(['--fetch', '-f', 'json', '--threshold', '1'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(0);
    expect(api.requests.map((q) => q.path).filter((p) => PATHS.includes(p))).toEqual(PATHS);
    // The brand read is the one compared: brand 202's recorded change is not listed.
    expect((JSON.parse(r.stdout) as { data: { changes: Array<{ brand: { id: string } }> } }).data.changes.map((c) => c.brand.id)).toEqual([
      '101',
      '101',
      '101',
    ]);
    // The brand's primary market, not named, as a plain `vis topics` asks (so the two share the cached answer).
    expect(api.requests.find((q) => q.path === '/topics')?.query).toEqual([['brand_id', '101']]);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: D1, to: D2 } });
    // Once to check it can be used before a read is spent, once to compare what the reads recorded.
    expect(r.opened).toBe(2);
  });

  it('a read that fails ends the command with its own exit code, before the history is opened', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    api.on({ method: 'GET', path: '/visibility' }, ok({}), 'always');
    api.on({ method: 'GET', path: '/topics' }, apiFailure(404, 'brand_not_found', 'no such brand'), 'always');
    const r = await changes(['--fetch', '--exit-code'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(5);
    expect(r.error).toBeInstanceOf(NotFoundError);
    expect(r.stderr).toBe(
      'vis: Northwind CRM (US-en): GET /topics failed\nvis: no such brand [brand_not_found]\nvis brands lists the brands of this account.\n',
    );
    expect(r.opened).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('a server failure of the scan, the same in every market: exit 7, the brand named', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, path === '/technical' ? apiFailure(500, 'internal', 'boom') : ok({}), 'always');
    const r = await changes(['--fetch'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toBe('vis: Northwind CRM: GET /technical failed');
  });

  it('an endpoint the plan does not include is not read, and not a failure', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) {
      api.on({ method: 'GET', path }, path === '/technical' ? apiFailure(403, 'feature_not_in_plan', 'Growth only') : ok({}), 'always');
    }
    const r = await changes(['--fetch', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(0);
    expect(r.opened).toBe(2);
  });

  it('--refresh reads from the API, so it reads first as --fetch does', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}), 'always');
    const r = await changes(['--refresh', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.options?.fetch?.cache).toBe('refresh');
    expect(api.requests.map((q) => q.path).filter((p) => PATHS.includes(p))).toEqual(PATHS);
    expect((await changes([], twoDays())).options?.fetch).toBeUndefined();
  });

  it('the cost is shown first on a terminal', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}), 'always');
    const r = await changes(['--fetch', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY }, io: { stderrIsTTY: true } });
    expect(r.stderr.split('\n')[0]).toBe('vis changes --fetch for 1 brand: reads to make: 6 (the cache holds the rest)');
  });

  /** A fake API answering /brands, /usage (with `left` reads) and the six endpoints; `markets` answers GET /markets. */
  function fetchApi(o: { left?: number; markets?: string[] } = {}): FakeApi {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: o.left ?? 999 } }), 'always');
    if (o.markets) api.on({ method: 'GET', path: '/markets' }, ok({ markets: o.markets.map((code) => ({ code })) }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}), 'always');
    return api;
  }

  const reads = (api: FakeApi) => api.requests.filter((q) => PATHS.includes(q.path)).map((q) => `${q.path}?${q.query.map(([k, v]) => `${k}=${v}`).join('&')}`);

  it('--market: each market endpoint in that market; the technical scan, the same in every market, once', async () => {
    const api = fetchApi();
    const r = await changes(['--fetch', '--market', 'DE-de', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(0);
    expect(reads(api)).toEqual([
      '/visibility?brand_id=101&market=DE-de',
      '/topics?brand_id=101&market=DE-de',
      '/prompts?brand_id=101&market=DE-de',
      '/competitors?brand_id=101&market=DE-de',
      '/pages?brand_id=101&market=DE-de',
      '/technical?brand_id=101',
    ]);
    // Then the history is compared in that market: nothing recorded there.
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { to: null } });
  });

  it('--all-markets: the markets GET /markets lists, each read', async () => {
    const api = fetchApi({ markets: ['US-en', 'DE-de'] });
    const r = await changes(['--fetch', '--all-markets', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY }, io: { stderrIsTTY: true } });
    expect(r.code).toBe(0);
    expect(api.requests.filter((q) => q.path === '/markets')).toHaveLength(1);
    expect(reads(api).filter((q) => q.startsWith('/topics'))).toEqual(['/topics?brand_id=101&market=US-en', '/topics?brand_id=101&market=DE-de']);
    expect(r.stderr).toContain('vis changes --fetch for 1 brand: reads to make: 11 (the cache holds the rest)');
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { from: D1, to: D2 } });
  });

  it('more reads than the month has left: exit 6, nothing read, nothing compared', async () => {
    const api = fetchApi({ left: 3 });
    const r = await changes(['--fetch'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(6);
    expect(reads(api)).toEqual([]);
    expect(r.opened).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'vis: not enough reads left: vis changes --fetch for 1 brand needs 6 reads, and 3 are left this month: nothing was read',
    );
  });

  it('several brands: each read, the cost line in the plural', async () => {
    const api = new FakeApi();
    api.on(
      { method: 'GET', path: '/brands' },
      ok({
        brands: [
          { id: 101, name: 'Northwind CRM' },
          { id: 202, name: 'Acme, Inc.' },
        ],
      }),
    );
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}), 'always');
    const r = await changes(['--fetch', '--all-brands', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY }, io: { stderrIsTTY: true } });
    expect(r.code).toBe(0);
    expect(reads(api).filter((q) => q.startsWith('/visibility'))).toEqual(['/visibility?brand_id=101', '/visibility?brand_id=202']);
    expect(r.stderr).toContain('vis changes --fetch for 2 brands: reads to make: 12 (the cache holds the rest)\n');
    expect((JSON.parse(r.stdout) as { data: { changes: Array<{ brand: { id: string } }> } }).data.changes.map((c) => c.brand.id)).toEqual(['101', '101']);
  });

  it('a failure after a plan’s refusal in the same endpoint is the command’s, with its own exit code', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    api.on(
      { method: 'GET', path: '/visibility', query: (q) => q.some(([k, v]) => k === 'market' && v === 'US-en') },
      apiFailure(403, 'feature_not_in_plan', 'Growth only'),
    );
    api.on(
      { method: 'GET', path: '/visibility', query: (q) => q.some(([k, v]) => k === 'market' && v === 'DE-de') },
      apiFailure(429, 'quota_exceeded', 'no reads left'),
    );
    const r = await changes(['--fetch', '--market', 'US-en,DE-de'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(6);
    expect(r.stderr.split('\n')[0]).toBe('vis: Northwind CRM (DE-de): GET /visibility failed');
    expect(r.error).toBeInstanceOf(LimitError);
  });

  it('the configured market (VIS_MARKET) is read, then compared', async () => {
    const api = fetchApi();
    const r = await changes(['--fetch', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY, VIS_MARKET: 'DE-de' } });
    expect(reads(api)[0]).toBe('/visibility?brand_id=101&market=DE-de');
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { to: null } });
    const all = fetchApi({ markets: ['US-en'] });
    const over = await changes(['--fetch', '--all-markets', '-f', 'json'], twoDays(), { api: all, env: { VIS_API_KEY: TEST_KEY, VIS_MARKET: 'DE-de' } });
    expect(reads(all)[0]).toBe('/visibility?brand_id=101&market=US-en');
    expect(JSON.parse(over.stdout)).toMatchObject({ data: { from: D1, to: D2 } });
  });

  it('a warning the reads gave (another API version) is said when they are done, once', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    for (const path of PATHS) api.on({ method: 'GET', path }, ok({}, { api_version: 'v2' }), 'always');
    const r = await changes(['--fetch', '-f', 'json'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('vis: warning: the API answered as version "v2"; vis knows v1, so what it shows may be incomplete or wrong: look for a newer vis\n');
  });

  it('quiet: no cost line', async () => {
    const r = await changes(['--fetch', '-q', '-f', 'json'], twoDays(), { api: fetchApi(), env: { VIS_API_KEY: TEST_KEY }, io: { stderrIsTTY: true } });
    expect(r.stderr).toBe('');
  });

  it('each failed read is named on stderr with its scope; the exit code is the first one’s', async () => {
    const api = new FakeApi();
    api.on({ method: 'GET', path: '/brands' }, brands);
    api.on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always');
    api.on({ method: 'GET', path: '/visibility' }, ok({}), 'always');
    api.on({ method: 'GET', path: '/topics' }, ok({}), 'always');
    api.on({ method: 'GET', path: '/prompts' }, apiFailure(404, 'not_found', 'gone'), 'always');
    const r = await changes(['--fetch', '--brand', '101', '--market', 'US-en,DE-de'], twoDays(), { api, env: { VIS_API_KEY: TEST_KEY } });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')).toEqual(['vis: Northwind CRM (US-en): GET /prompts failed', 'vis: gone [not_found]', '']);
    expect(r.error).toBeInstanceOf(NotFoundError);
  });

  it('a history that cannot be used is refused before any read', async () => {
    const api = fetchApi();
    const io = testIO();
    const ctx = testContext({ io, env: envFor({ VIS_API_KEY: TEST_KEY, VIS_HISTORY: 'off' }), overrides: { clock: fakeClock(), transport: api.transport } });
    let options: ChangesOptions | undefined;
    const program = buildProgram(ctx, ['changes', '--fetch'], (p: ParsedOptions) => void (options = p as ChangesOptions));
    await program.parseAsync(['changes', '--fetch'], { from: 'user' });
    const code = await runChanges(options!, ctx).then(
      () => 0,
      (err: unknown) => report(err, io, false),
    );
    expect(code).toBe(2);
    expect(io.err()).toBe('vis: the history is off (VIS_HISTORY): nothing has been recorded\n');
    expect(api.requests).toEqual([]);
  });

  it('needs a key', async () => {
    const r = await changes(['--fetch'], twoDays());
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('vis: no API key: set VIS_API_KEY or run vis auth login');
  });
});
