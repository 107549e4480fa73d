/**
 * --sort, --top, --engine, --state and --action on whole command lines: against the
 * sandbox (`--demo`), with the expectation computed from the same answer's JSON, and
 * against a fake API for shapes and numbers the sandbox does not send.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/output/json.js';
import { FakeApi, ok, type Reply } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const DEMO = { env: { VIS_API_KEY: undefined, VIS_BASE_URL: undefined, VIS_CACHE: 'off' }, realTransport: true } as const;

const demo = (argv: string[], io: { stdoutIsTTY?: boolean; stderrIsTTY?: boolean } = {}) => runInProcess(['--demo', ...argv], { ...DEMO, io });

type Rec = Record<string, unknown>;

async function demoJson(argv: string[]): Promise<{ data: Rec; meta: Rec }> {
  const r = await demo([...argv, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { data: Rec; meta: Rec };
}

/** The first column of each csv row after the header. */
function csvIds(stdout: string): string[] {
  return stdout
    .split('\r\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split(',')[0]!);
}

const raw = (body: string): Reply => ({ status: 200, headers: { 'content-type': 'application/json' }, body });

describe('vis prompts --engine chatgpt --state absent', () => {
  it('lists exactly the sandbox’s questions ChatGPT leaves the brand out of, with ChatGPT’s column alone', async () => {
    const all = await demoJson(['prompts']);
    const prompts = all.data.prompts as Array<{ id: string; engines: Record<string, { state: string }> }>;
    const absent = prompts.filter((p) => p.engines.chatgpt?.state === 'absent');
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.length).toBeLessThan(prompts.length);

    const json = await demoJson(['prompts', '--engine', 'chatgpt', '--state', 'absent']);
    expect(json.data.prompts).toEqual(absent.map((p) => ({ ...p, engines: { chatgpt: p.engines.chatgpt } })));
    expect(json.meta).toEqual({ ...all.meta, filters: { engine: ['chatgpt'], state: ['absent'] } });

    const csv = await demo(['prompts', '--engine', 'chatgpt', '--state', 'absent', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('id,prompt,topic_id,engines.chatgpt.state,engines.chatgpt.rate,engines.chatgpt.position');
    expect(csvIds(csv.stdout)).toEqual(absent.map((p) => p.id));

    const piped = await demo(['prompts', '--engine', 'chatgpt', '--state', 'absent']);
    expect(
      piped.stdout
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split('\t')[0]),
    ).toEqual(absent.map((p) => p.id));
  });

  it('on a terminal the matrix shows the ChatGPT column alone and only those questions', async () => {
    const all = await demoJson(['prompts']);
    const prompts = all.data.prompts as Array<{ prompt: string; engines: Record<string, { state: string }> }>;
    const r = await runInProcess(['--demo', 'prompts', '--engine', 'chatgpt', '--state', 'absent'], {
      ...DEMO,
      env: { ...DEMO.env, VIS_FORCE_TTY: '160', VIS_PAGER: '' },
    });
    expect(r.code, r.stderr).toBe(0);
    for (const p of prompts) expect(r.stdout.includes(p.prompt)).toBe(p.engines.chatgpt?.state === 'absent');
    expect(r.stdout).not.toMatch(/Perplexity|Gemini|Claude|Copilot/);
  });
});

describe('vis topics --sort visibility --top 3', () => {
  it('the three weakest topics, weakest first, in csv and json alike', async () => {
    const topics = (await demoJson(['topics'])).data.topics as Array<{ id: string; visibility: number }>;
    const weakest = [...topics].sort((a, b) => a.visibility - b.visibility).slice(0, 3);
    const csv = await demo(['topics', '--sort', 'visibility', '--top', '3', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csvIds(csv.stdout)).toEqual(weakest.map((t) => t.id));
    const json = await demoJson(['topics', '--sort', 'visibility', '--top', '3']);
    expect(json.data.topics).toEqual(weakest);
    expect(json.meta.filters).toEqual({ sort: 'visibility', top: 3 });
  });

  it('--sort -visibility: strongest first', async () => {
    const topics = (await demoJson(['topics'])).data.topics as Array<{ id: string; visibility: number }>;
    const strongest = [...topics].sort((a, b) => b.visibility - a.visibility);
    const json = await demoJson(['topics', '--sort', '-visibility']);
    expect((json.data.topics as typeof topics).map((t) => t.id)).toEqual(strongest.map((t) => t.id));
    expect(json.meta.filters).toEqual({ sort: '-visibility' });
  });
});

describe('sorting answers of other shapes (a fake API)', () => {
  const body =
    '{"data":{"period":{"from":"2026-11-01","to":"2026-11-07","days":7},"topics":[' +
    '{"id":"a","visibility":1.50},{"id":"b","visibility":null},{"id":"c","visibility":0.5},' +
    '{"id":"d"},{"id":"e","visibility":1.5},{"id":"f","visibility":12345678901234567890}]},"meta":{"api_version":"v1"}}';
  const api = () => new FakeApi().on({ method: 'GET', path: '/topics' }, raw(body), 'always');

  it('missing and null last in both directions, ties in the API’s order', async () => {
    const up = await runInProcess(['topics', '--sort', 'visibility', '--format', 'csv', '--columns', 'id'], { api: api() });
    expect(up.stdout).toBe('id\r\nc\r\na\r\ne\r\nf\r\nb\r\nd\r\n');
    const down = await runInProcess(['topics', '--sort', '-visibility', '--format', 'csv', '--columns', 'id'], { api: api() });
    expect(down.stdout).toBe('id\r\nf\r\na\r\ne\r\nc\r\nb\r\nd\r\n');
  });

  it('json without list options: byte for byte what renderJson makes of the answer as received', async () => {
    const r = await runInProcess(['topics', '--format', 'json'], { api: api() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(renderJson(body));
    expect(r.stdout).toContain('1.50');
  });

  it('json with them: the numbers as sent, the envelope’s other keys in place, meta.filters last', async () => {
    const r = await runInProcess(['topics', '--sort', '-visibility', '--top', '2', '--format', 'json'], { api: api() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      renderJson(
        '{"data":{"period":{"from":"2026-11-01","to":"2026-11-07","days":7},"topics":[{"id":"f","visibility":12345678901234567890},{"id":"a","visibility":1.50}]},' +
          '"meta":{"api_version":"v1","filters":{"sort":"-visibility","top":2}}}',
      ),
    );
  });

  it('a --sort column vis knows the endpoint lacks: exit 2 before any request, naming the columns', async () => {
    const r = await runInProcess(['topics', '--sort', 'visibilty'], { api: new FakeApi() });
    expect(r.code).toBe(2);
    expect(r.requests).toEqual([]);
    expect(r.stderr).toContain(
      '--sort: "visibilty" is not a column here; the columns are id, name, visibility, change, rank, share_of_voice, rivals, questions',
    );
  });

  it('a column only another row shape has (a page row’s, in a query-grouped answer): exit 2 after the answer, naming its columns', async () => {
    const r = await demo(['search-performance', '--sort', 'top_query']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--sort: "top_query" is not a column here; the columns are query, clicks, impressions, ctr, position, topic_id, page,');
    const byPage = await demo(['search-performance', '--group-by', 'page', '--sort', '-top_query', '--format', 'csv']);
    expect(byPage.code, byPage.stderr).toBe(0);
  });

  it('a column inside an engine map the schema leaves open is taken before the read', async () => {
    const prompts = { prompts: [{ id: 'p', engines: { chatgpt: { state: 'absent', rate: 1 } } }] };
    const r = await runInProcess(['prompts', '--sort', '-engines.chatgpt.rate', '--format', 'csv'], {
      api: new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(prompts)),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(1);
  });

  it('rows of shapes never seen: a row without the field never matches, nothing crashes', async () => {
    const odd = {
      prompts: [
        { id: 'p1' },
        { id: 'p2', engines: null },
        { id: 'p3', engines: { chatgpt: 7 } },
        'text',
        { id: 'p4', engines: { chatgpt: { state: 'absent' } } },
      ],
    };
    const r = await runInProcess(['prompts', '--engine', 'chatgpt', '--state', 'absent', '--format', 'json'], {
      api: new FakeApi().on({ method: 'GET', path: '/prompts' }, ok(odd)),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data.prompts).toEqual([{ id: 'p4', engines: { chatgpt: { state: 'absent' } } }]);
  });
});

describe('a filter that matches nothing', () => {
  it('csv: the header alone', async () => {
    const r = await demo(['prompts', '--state', 'not-a-state', '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\r\n')).toEqual([expect.stringMatching(/^id,prompt,topic_id,engines\./), '']);
    expect(r.stderr).toBe('');
  });

  it('csv and piped with --engine: the header the named engine’s rows would have had', async () => {
    const csv = await demo(['prompts', '--engine', 'claude', '--state', 'not-a-state', '--format', 'csv']);
    expect(csv.stdout).toBe('id,prompt,topic_id,engines.claude.state,engines.claude.rate,engines.claude.position\r\n');
    const piped = await demo(['prompts', '--engine', 'claude', '--state', 'not-a-state']);
    expect(piped.stdout).toBe('id\tprompt\ttopic_id\tengines.claude.state\tengines.claude.rate\tengines.claude.position\n');
  });

  it('an unknown engine is never refused: an empty result', async () => {
    const json = await demoJson(['answers', '--engine', 'bing']);
    expect(json.data.answers).toEqual([]);
    expect(json.meta.filters).toEqual({ engine: ['bing'] });
  });

  it('on a terminal: the view’s empty state, and a note naming what the answer has', async () => {
    const r = await demo(['content-gaps', '--action', 'rewrite'], { stdoutIsTTY: true, stderrIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('No content gaps match.');
    expect(r.stderr).toContain('No row matched. The answer has --action: leave, write, improve.');
  });

  it('on a terminal, rows left: no note', async () => {
    const r = await demo(['content-gaps', '--action', 'write', '--no-pager'], { stdoutIsTTY: true, stderrIsTTY: true });
    expect(r.code).toBe(0);
    // On a busy machine the read may outlast a blink, and the spinner shows on stderr: no note beside it.
    expect(r.stderr).not.toContain('No row matched');
    expect(r.stderr).not.toContain('--action');
  });

  it('on a terminal with --quiet: no note', async () => {
    const r = await demo(['content-gaps', '--action', 'rewrite', '--quiet'], { stdoutIsTTY: true, stderrIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('-o FILE from a terminal: the file holds the empty result, the terminal gets the note', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vis-filter-')), 'gaps.csv');
    const r = await demo(['content-gaps', '--action', 'rewrite', '--format', 'csv', '-o', file], { stdoutIsTTY: false, stderrIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').split('\r\n')).toEqual([expect.stringMatching(/^prompt_id,prompt,/), '']);
    expect(r.stderr).toContain('No row matched. The answer has --action: leave, write, improve.');
  });

  it('piped: no note', async () => {
    const r = await demo(['content-gaps', '--action', 'rewrite'], { stdoutIsTTY: false, stderrIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('which commands take which', () => {
  it.each([
    [['overview', '--sort', 'x'], '--sort does not apply to vis overview'],
    [['topics', '--engine', 'chatgpt'], '--engine does not apply to vis topics'],
    [['content-gaps', '--state', 'absent'], '--state does not apply to vis content-gaps'],
    [['topics', '--top', '0'], '--top must be a positive whole number (got "0")'],
  ])('vis %j: exit 2, nothing sent', async (argv, message) => {
    const r = await runInProcess(argv, { api: new FakeApi() });
    expect(r.code).toBe(2);
    expect(r.requests).toEqual([]);
    expect(r.stderr).toContain(message);
  });

  it('answers runs and perception keep the rows of the named engines', async () => {
    const runs = await demoJson(['answers', 'runs', '--prompt', 'startup-best-crm', '--engine', 'claude,gemini']);
    const engines = (runs.data.runs as Array<{ engine: string }>).map((r) => r.engine);
    expect(engines.length).toBeGreaterThan(0);
    expect(new Set(engines)).toEqual(new Set(['claude', 'gemini']));
    const perception = await demoJson(['perception', '--engine', 'ChatGPT']);
    expect((perception.data.engines as Array<{ engine: string }>).map((e) => e.engine)).toEqual(['chatgpt']);
  });

  it('pages: only the named engines’ citation columns', async () => {
    const pages = await demoJson(['pages', '--engine', 'perplexity']);
    for (const p of pages.data.pages as Array<{ engines: Rec }>) expect(Object.keys(p.engines)).toEqual(['perplexity']);
  });
});
