/** `vis answers runs --prompt`: an id as `vis answers` shows it, or the question's text (src/services/question-lookup.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikePromptId } from '../../src/services/question-lookup.js';
import { commandReference } from '../../src/docs/reference.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { fakeClock } from '../support/context.js';
import { apiFailure, FakeApi, ok, type Reply } from '../support/http.js';
import { runInProcess, type InProcessOutcome } from '../support/run.js';

/**
 * `vis answers runs --prompt <value>` where GET /answers is `list`: it succeeds, sending
 * `sent` as the question, and asks for nothing it was not given an answer to.
 */
async function promptSent(list: Reply, value: string, sent: string): Promise<InProcessOutcome> {
  const api = new FakeApi()
    .on({ method: 'GET', path: '/answers' }, list)
    .on({ method: 'GET', path: '/answers/runs', query: [['prompt', sent]] }, ok({ runs: [] }));
  const r = await runInProcess(['answers', 'runs', '--prompt', value, '--format', 'json'], { api });
  expect(r.code, r.stderr).toBe(0);
  api.verify();
  return r;
}

const TEXT = 'What is the best CRM for an early-stage startup?';
const ANSWERS = ok({
  answers: [
    { id: 'pipeline-b2b', prompt: 'What software helps manage a B2B sales pipeline?' },
    { id: 'startup-best-crm', prompt: TEXT },
  ],
});

describe('--prompt', () => {
  it('an id is looked up in GET /answers (same brand and market) and the text is sent', async () => {
    const api = new FakeApi()
      .on(
        {
          method: 'GET',
          path: '/answers',
          query: [
            ['brand_id', '7'],
            ['market', 'GB-en'],
          ],
        },
        ANSWERS,
      )
      .on(
        {
          method: 'GET',
          path: '/answers/runs',
          query: [
            ['brand_id', '7'],
            ['market', 'GB-en'],
            ['prompt', TEXT],
          ],
        },
        ok({ prompt: TEXT, runs: [] }),
      );
    const r = await runInProcess(['answers', 'runs', '--prompt', 'startup-best-crm', '--brand', '7', '--market', 'GB-en', '--format', 'json'], { api });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.prompt).toBe(TEXT);
    api.verify();
  });

  it('a question’s text goes straight to GET /answers/runs: no extra read', async () => {
    const api = new FakeApi().on(
      { method: 'GET', path: '/answers/runs', query: [['prompt', 'what is the best crm for an early-stage startup?']] },
      ok({ runs: [] }),
    );
    const r = await runInProcess(['answers', 'runs', '--prompt', 'what is the best crm for an early-stage startup?', '--format', 'json'], { api });
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.path)).toEqual(['/answers/runs']);
  });

  it('a text GET /answers does not list (a question no longer tracked) is sent as given: one lookup, never a refusal', async () => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/answers' }, ANSWERS)
      .on({ method: 'GET', path: '/answers/runs', query: [['prompt', 'crm-comparison']] }, ok({ runs: [] }));
    const r = await runInProcess(['answers', 'runs', '--prompt', 'crm-comparison', '--format', 'json'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.map((q) => [q.path, q.query])).toEqual([
      ['/answers', []],
      ['/answers/runs', [['prompt', 'crm-comparison']]],
    ]);
    api.verify();
  });

  it.each([
    ['data is a list', ok([{ id: 'startup-best-crm', prompt: TEXT }])],
    ['the rows are under another key', ok({ questions: [{ id: 'startup-best-crm', prompt: TEXT }] })],
    ['the rows name the text otherwise', ok({ answers: [{ id: 'startup-best-crm', question: TEXT }] })],
    ['the text is not text', ok({ answers: [{ id: 'startup-best-crm', prompt: { en: TEXT } }] })],
    ['the rows are not records', ok({ answers: ['startup-best-crm'] })],
  ])('GET /answers in a shape vis does not know (%s): the value is sent as given', async (_, reply) => {
    const api = new FakeApi()
      .on({ method: 'GET', path: '/answers' }, reply)
      .on({ method: 'GET', path: '/answers/runs', query: [['prompt', 'startup-best-crm']] }, ok({ runs: [] }));
    const r = await runInProcess(['answers', 'runs', '--prompt', 'startup-best-crm', '--format', 'json'], { api });
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(2);
    api.verify();
  });

  it('an id of another shape (a number, capitals) is found as `vis answers` shows it', async () => {
    const list = ok({
      answers: [
        { id: 42, prompt: 'Which CRM is cheapest?' },
        { id: 'Q-7', prompt: TEXT },
      ],
    });
    for (const [value, text] of [
      ['42', 'Which CRM is cheapest?'],
      ['Q-7', TEXT],
    ] as const) {
      expect((await promptSent(list, value, text)).requests).toHaveLength(2);
    }
  });

  it('a number id is matched by the digits the server sent, even past what JavaScript holds exactly', async () => {
    const body =
      '{"data": {"answers": [{"id": 90071992547409930001, "prompt": "Huge?"}, {"id": 1.50, "prompt": "Spelled?"}, {"id": true, "prompt": "Not an id"}]}, "meta": {}}';
    const list = { status: 200, headers: { 'content-type': 'application/json' }, body };
    for (const [value, sent] of [
      ['90071992547409930001', 'Huge?'],
      ['90071992547409930000', '90071992547409930000'],
      ['1.50', 'Spelled?'],
      ['1.5', '1.5'],
      ['true', 'true'],
    ] as const) {
      await promptSent(list, value, sent);
    }
  });

  it('the first row with the id wins; a row whose text is empty gives no text, so the value goes as given', async () => {
    const list = ok({
      answers: [
        { id: 'a1', prompt: '' },
        { id: 'b2', prompt: 'First?' },
        { id: 'b2', prompt: 'Second?' },
      ],
    });
    for (const [value, sent] of [
      ['b2', 'First?'],
      ['a1', 'a1'],
    ] as const) {
      await promptSent(list, value, sent);
    }
  });

  it('a 404 for a text: the hint no longer claims an exact match is needed', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/answers/runs' }, apiFailure(404, 'not_found', 'No tracked question'));
    const r = await runInProcess(['answers', 'runs', '--prompt', 'Best CRM?'], { api });
    expect(r.code).toBe(5);
    expect(r.stderr).not.toContain('exactly');
    expect(r.stderr).toContain('vis answers lists the questions with their ids; --prompt takes either [not_found]');
  });

  it('what is looked up: a value without white space (an id of any shape); a value with a space is a text', () => {
    for (const id of ['startup-best-crm', 'q12', '42', 'Best-CRM', 'Q-7', 'crm?', '0b7e3a4c-9d1f-4e2a-8c55-1f2e3d4c5b6a'])
      expect(looksLikePromptId(id), id).toBe(true);
    for (const text of ['best crm', 'What is the best CRM?', 'crm\tsoftware', 'crm\n', '\u00a0crm', ''])
      expect(looksLikePromptId(text), JSON.stringify(text)).toBe(false);
  });
});

describe('--prompt <id> against the sandbox: what it costs, counted by the sandbox', () => {
  const KEY = 'vis_demo_growth';
  const clock = () => fakeClock(Date.parse('2026-11-22T12:00:00Z'));

  async function day(cache: 'on' | 'off') {
    const c = clock();
    const s = await startSandbox({ now: () => new Date(c.t), rateLimitPerMinute: 1_000_000 });
    try {
      const home = mkdtempSync(join(tmpdir(), 'vis-prompt-'));
      const o = {
        baseUrl: s.baseUrl,
        clock: c,
        env: { HOME: home, VIS_CONFIG_DIR: join(home, 'config'), VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000', VIS_CACHE: cache },
      };
      const spent: number[] = [];
      const step = async (argv: string[]) => {
        const before = s.reads(KEY);
        const r = await runInProcess(argv, o);
        expect(r.code, r.stderr).toBe(0);
        spent.push(s.reads(KEY) - before);
        return r;
      };
      const list = JSON.parse((await step(['answers', '-f', 'json'])).stdout) as { data: { answers: Array<{ id: string; prompt: string }> } };
      const [first, second] = list.data.answers;
      const runs = JSON.parse((await step(['answers', 'runs', '--prompt', first!.id, '-f', 'json'])).stdout) as { data: { prompt: string } };
      expect(runs.data.prompt).toBe(first!.prompt);
      await step(['answers', 'runs', '--prompt', second!.id, '-f', 'json']);
      return spent;
    } finally {
      await s.close();
    }
  }

  it('after `vis answers` the id lookup is a cache hit: 1 + 1 + 1, not 1 + 2 + 2', async () => {
    expect(await day('on')).toEqual([1, 1, 1]);
  });

  it('with the cache off an id costs 2 reads, as docs/guide.md and the help say', async () => {
    expect(await day('off')).toEqual([1, 2, 2]);
    const help = await runInProcess(['answers', 'runs', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'Costs one read. An id costs one more: GET /answers, to find the text, unless the cache holds it (as after vis answers).',
    );
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'Any value without a space is looked up as an id; one no row there has is sent as given, so a text the list does not hold still works. A value with a space is always a text and costs nothing more.',
    );
    expect(commandReference()).toContain('| `GET /answers/runs` | all | 1 read; 2 with an id, unless `vis answers` is cached |');
  });
});
