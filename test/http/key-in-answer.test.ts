/**
 * A key echoed inside a successful answer (a server or proxy copying the Authorization
 * header into meta.debug, the key in a field's value or name) is masked as the answer
 * arrives: nothing vis prints or writes holds it, neither the cache, the history's journal
 * and store, an export's files, a report, `vis api` nor `vis pitches create`.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { FakeApi, json, type Reply } from '../support/http.js';
import { runInProcess, TEST_KEY } from '../support/run.js';

/** Every file under `dir`, its bytes. */
function filesUnder(dir: string): Array<{ path: string; content: Buffer }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => ({ path: join(d.parentPath, d.name), content: readFileSync(join(d.parentPath, d.name)) }));
}

/** An answer that echoes the key: in meta.debug, deep in data, in a field's name, and JSON-escaped. */
function echoing(data: Record<string, unknown>): Reply {
  const body = {
    data: { ...data, note: { deep: [{ text: `seen key ${TEST_KEY}.` }] }, [`by_${TEST_KEY}`]: 1.5 },
    meta: { brand: { id: 7, name: 'Acme' }, debug: { authorization: `Bearer ${TEST_KEY}` } },
  };
  // One more copy with its characters escaped as JSON may write them: `\u005f` for `_`.
  const raw = JSON.stringify(body).replace('}}', `},"escaped":"Bearer ${TEST_KEY.replaceAll('_', '\\u005f')}"}`);
  return { ...json(200, {}), body: raw.replace('"by_', '"price":1.50,"by_') };
}

function echoingApi(): FakeApi {
  const api = new FakeApi();
  for (const e of ENDPOINTS) {
    if (e.method !== 'GET' || e.path.includes('{')) continue;
    const data =
      e.path === '/brands' ? { brands: [{ id: 7, name: 'Acme', domain: 'acme.example' }] } : { topics: [{ id: 'crm', name: 'CRM', visibility: 41.5 }] };
    api.on({ method: 'GET', path: e.path }, echoing(data), 'always');
  }
  api.on({ method: 'POST', path: '/pitches' }, echoing({ pitch: { id: 'p1', domain: 'acme.example', status: 'queued' } }), 'always');
  return api;
}

describe('a key echoed in a successful answer', () => {
  it('is masked in stdout, the cache, the journal, the history store, an export, a report, vis api and vis pitches create', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-echo-'));
    const api = echoingApi();
    const o = { api, env: { HOME: home, VIS_CONFIG_DIR: join(home, 'config') } };
    const runs: string[][] = [
      ['topics', '-f', 'json'],
      ['topics', '-f', 'csv'],
      ['topics', '--refresh'],
      ['topics', '-f', 'json'], // from the cache
      ['api', '/topics'],
      ['pitches', 'create', 'acme.example', '--yes', '-f', 'json'],
      ['export', '--dir', join(home, 'export-csv'), '--only', 'topics,overview', '-q'],
      ['export', '--dir', join(home, 'export-json'), '--only', 'topics', '--format', 'json', '-q'],
    ];
    const out: string[] = [];
    const run = async (argv: string[]) => {
      const r = await runInProcess(argv, o);
      expect(r.code, `vis ${argv.join(' ')}\n${r.stderr}`).toBe(0);
      out.push(r.stdout, r.stderr);
    };
    /** The bytes of every file under the home (the cache, the history, the exports, the report) and all output, without the key. */
    const scan = (expected: string[]) => {
      const files = filesUnder(home);
      const paths = files.map((f) => f.path.slice(home.length)).join('\n');
      for (const part of expected) expect(paths).toContain(part);
      for (const needle of [TEST_KEY, TEST_KEY.replaceAll('_', '\\u005f'), TEST_KEY.slice(4, 20)]) {
        expect(out.join('\n')).not.toContain(needle);
        for (const f of files) expect(f.content.includes(Buffer.from(needle)), f.path).toBe(false);
      }
    };
    for (const argv of runs) await run(argv);
    scan(['.incoming/', '/config-cache/', '/export-csv/acme/primary/topics.csv', '/export-json/acme/primary/topics.json']);
    // The report, and the history's store once the report has taken the journal in.
    await run(['report', '-o', join(home, 'report.html')]);
    await run(['history', 'topics', '-f', 'json']);
    scan(['/report.html', '/history.db']);
    // The server really echoed the key, and vis really showed the answers.
    expect(api.requests.every((q) => q.headers.authorization === `Bearer ${TEST_KEY}`)).toBe(true);
    const text = out.join('\n');
    expect(text).toContain('"authorization": "Bearer ***"');
    expect(text).toContain('"escaped": "Bearer ***"');
    expect(text).toContain('seen key ***.');
    // Numbers as typed, the rest of the answer as sent.
    expect(text).toContain('"price": 1.50,\n    "by_***": 1.5');
  });
});
