/**
 * The comparison of two recorded days (src/history/changes/): which days, each kind and
 * its rules (thresholds exact at the boundary, 0–1 shares in percentage points, when-fields
 * ignored, appear and go), what is not compared and why, and the order of the news.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesFrom, pickFrom } from '../../src/history/changes/compare.js';
import { compareKind } from '../../src/history/changes/kinds.js';
import { isFraction, isWhenField, isWhenText, movedBy } from '../../src/history/changes/fields.js';
import { chooseRecordedScopes } from '../../src/history/changes/scopes.js';
import { UsageError } from '../../src/errors.js';
import { API, competitors, history, pages, prompts, recorded, recordedRaw, technical, topics } from './changes-fixtures.js';
import type { EndpointId } from '../../src/endpoints.js';
import type { RecordedScope } from '../../src/history/types.js';

const D1 = '2026-11-19';
const D2 = '2026-11-20';
const D3 = '2026-11-21';

const ask = (o: Partial<Parameters<typeof changesFrom>[1]> = {}) => ({ api: API, threshold: 5, ...o });

describe('the days compared', () => {
  it('the newest recorded day with the one before it', () => {
    expect(pickFrom([D1, D2, D3], D3, undefined)).toEqual({ from: D2, sinceFallback: false });
  });

  it('--since: the newest recorded day on or before it', () => {
    expect(pickFrom([D1, D2, D3], D3, D2)).toEqual({ from: D2, sinceFallback: false });
    expect(pickFrom([D1, D3], D3, D2)).toEqual({ from: D1, sinceFallback: false });
  });

  it('--since before every recorded day: the oldest after it, said', () => {
    expect(pickFrom([D2, D3], D3, D1)).toEqual({ from: D2, sinceFallback: true });
  });

  it('--since on or after the newest day still compares with an earlier one', () => {
    expect(pickFrom([D1, D2, D3], D3, D3)).toEqual({ from: D2, sinceFallback: false });
  });

  it('nothing before the newest day: nothing to compare', async () => {
    expect(pickFrom([D3], D3, undefined)).toEqual({ from: null, sinceFallback: false });
    const r = await changesFrom(history([recorded(D3, 'topics', topics([['a', 40]]))]), ask());
    expect(r).toEqual({ from: null, to: D3, sinceFallback: false, changes: [], notCompared: [], compared: [] });
  });

  it('nothing recorded at all', async () => {
    expect(await changesFrom(history([]), ask())).toEqual({ from: null, to: null, sinceFallback: false, changes: [], notCompared: [], compared: [] });
  });

  it('only the scopes asked decide the days; other APIs are not read', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['a', 40]])),
      recorded(D2, 'topics', topics([['a', 30]])),
      recorded(D3, 'topics', topics([['a', 10]]), { brandId: '202' }),
      recorded(D3, 'topics', topics([['a', 99]]), { api: 'demo' }),
    ]);
    const r = await changesFrom(h, ask({ brandIds: ['101'] }));
    expect([r.from, r.to]).toEqual([D1, D2]);
    expect(r.changes.map((c) => [c.subject, c.before, c.after])).toEqual([['a', 40, 30]]);
  });
});

describe('thresholds', () => {
  it('a move of exactly the threshold is a change; just under is not (float noise aside)', () => {
    expect(movedBy(50.1, 55.1, 5, false)).toEqual({ delta: 5, points: 5 });
    expect(movedBy(50.1, 55.09, 5, false)).toBeUndefined();
    expect(movedBy(55.1, 50.1, 5, false)).toEqual({ delta: -5, points: -5 });
    expect(movedBy(40, 40, 0, false)).toBeUndefined();
    expect(movedBy(40, 40.1, 0, false)).toEqual({ delta: 0.1, points: 0.1 });
  });

  it('a 0–1 share moves in percentage points', () => {
    expect(movedBy(0.41, 0.46, 5, true)).toEqual({ delta: 0.05, points: 5 });
    expect(movedBy(0.41, 0.45, 5, true)).toBeUndefined();
  });

  it('a 0–1 share: every value within [0, 1] on both days and a name that says share, rate, ratio, pct or visibility', () => {
    expect(isFraction('share_of_voice', [0.2, 0.41, 1, 0])).toBe(true);
    expect(isFraction('visibility', [0.2, 0.5])).toBe(true);
    expect(isFraction('mention_rate', [0.2])).toBe(true);
    expect(isFraction('win_ratio', [0.2])).toBe(true);
    expect(isFraction('pct_cited', [0.2])).toBe(true);
    expect(isFraction('share_of_voice', [0.2, 41])).toBe(false);
    expect(isFraction('score', [0.2, 0.5])).toBe(false);
    expect(isFraction('share_of_voice', [])).toBe(false);
    expect(isFraction('share_of_voice', [-0.1, 0.5])).toBe(false);
  });

  it('topics on a 0–1 scale are compared in percentage points; on 0–100 in points', () => {
    const frac = compareKind(
      'topic',
      topics([
        ['a', 0.4],
        ['b', 0.9],
      ]),
      topics([
        ['a', 0.46],
        ['b', 0.92],
      ]),
      5,
    )!;
    expect(frac.map((c) => [c.subject, c.delta, c.points])).toEqual([['a', 0.06, 6]]);
    const pts = compareKind(
      'topic',
      topics([
        ['a', 0.4],
        ['b', 40],
      ]),
      topics([
        ['a', 0.46],
        ['b', 46],
      ]),
      5,
    )!;
    expect(pts.map((c) => [c.subject, c.delta, c.points])).toEqual([['b', 6, 6]]);
  });
});

describe('fields that say when are never changes', () => {
  it.each([
    'period',
    'from',
    'to',
    'days',
    'date',
    'window',
    'window_days',
    'scanned_at',
    'updated_at',
    'week_start',
    'week_end',
    'timestamp',
    'previous_period',
  ])('%s', (name) => expect(isWhenField(name)).toBe(true));

  it.each(['visibility', 'score', 'name', 'citations', 'share_of_voice', 'state', 'topic'])('%s is not one', (name) => expect(isWhenField(name)).toBe(false));

  it('dates and timestamps as values', () => {
    expect(isWhenText('2026-11-20')).toBe(true);
    expect(isWhenText('2026-11-20T02:00:00Z')).toBe(true);
    expect(isWhenText('2026-11-20T02:00:00.123+05:30')).toBe(true);
    expect(isWhenText('CRM 2026')).toBe(false);
  });

  it('a new period, window and scan time alone make no change', async () => {
    const a = topics([['a', 40]]);
    const b = { ...topics([['a', 40]]), period: { from: '2026-11-15', to: '2026-11-21', days: 8 } };
    const h = history([recorded(D1, 'topics', a), recorded(D2, 'topics', b)]);
    expect((await changesFrom(h, ask())).changes).toEqual([]);
    const t1 = { ...technical(70, []), scanned_at: '2026-11-19T02:00:00Z' };
    expect(compareKind('technical', t1, technical(70, []), 5)).toEqual([]);
  });
});

describe('each kind', () => {
  it('visibility: the score moved', () => {
    expect(compareKind('visibility', { score: 30, change: 1 }, { score: 24.5, change: -5.5 }, 5)).toEqual([
      { subject: 'score', label: null, engine: null, path: 'score', move: 'down', news: 'drop', before: 30, after: 24.5, delta: -5.5, points: -5.5 },
    ]);
    expect(compareKind('visibility', { score: 30 }, { score: 34 }, 5)).toEqual([]);
    expect(compareKind('visibility', { score: null }, { score: 34 }, 5)![0]).toMatchObject({ move: 'changed', news: 'neutral', before: null, after: 34 });
    expect(compareKind('visibility', { score: null }, { score: null }, 5)).toEqual([]);
  });

  it('topic: moved, appeared, went', () => {
    const out = compareKind(
      'topic',
      topics([
        ['a', 40, 'Alpha'],
        ['b', 30],
        ['gone', 20],
      ]),
      topics([
        ['a', 33, 'Alpha'],
        ['b', 31],
        ['new', 12],
      ]),
      5,
    )!;
    expect(out).toEqual([
      { subject: 'a', label: 'Alpha', engine: null, path: 'topics[a].visibility', move: 'down', news: 'drop', before: 40, after: 33, delta: -7, points: -7 },
      { subject: 'new', label: 'new', engine: null, path: 'topics[new]', move: 'appeared', news: 'gain', before: null, after: 12, delta: null, points: null },
      { subject: 'gone', label: 'gone', engine: null, path: 'topics[gone]', move: 'went', news: 'loss', before: 20, after: null, delta: null, points: null },
    ]);
  });

  it('answer_state: a state per engine that changed, worse is a loss, better a gain', () => {
    const a = prompts([['q1', 'Best CRM?', { chatgpt: 'recommended', gemini: 'absent', claude: 'open', copilot: 'mentioned' }]]);
    const b = prompts([['q1', 'Best CRM?', { chatgpt: 'absent', gemini: 'mentioned', claude: 'no_answer', copilot: 'mentioned' }]]);
    const out = compareKind('answer_state', a, b, 5)!;
    expect(out.map((c) => [c.subject, c.engine, c.before, c.after, c.news, c.label])).toEqual([
      ['q1', 'chatgpt', 'recommended', 'absent', 'loss', 'Best CRM?'],
      ['q1', 'gemini', 'absent', 'mentioned', 'gain', 'Best CRM?'],
      ['q1', 'claude', 'open', 'no_answer', 'neutral', 'Best CRM?'],
    ]);
    expect(out[0]!.path).toBe('prompts[q1].engines.chatgpt.state');
  });

  it('answer_state: a state vis does not know is a change it cannot judge', () => {
    const out = compareKind('answer_state', prompts([['q', 'Q?', { chatgpt: 'recommended' }]]), prompts([['q', 'Q?', { chatgpt: 'hedged' }]]), 5)!;
    expect(out.map((c) => c.news)).toEqual(['neutral']);
  });

  it('answer_state: questions matched by their text when they have no id', () => {
    const a = { prompts: [{ prompt: 'Best CRM?', engines: { chatgpt: 'mentioned' } }] };
    const b = { prompts: [{ prompt: 'Best CRM?', engines: { chatgpt: 'recommended' } }] };
    expect(compareKind('answer_state', a, b, 5)!.map((c) => [c.subject, c.label, c.news])).toEqual([['Best CRM?', 'Best CRM?', 'gain']]);
  });

  it('competitor: appeared (a rival gaining), went, share of voice moved; the brand’s own row aside', () => {
    const a = competitors([
      ['Pipewell', 20],
      ['Globex', 18],
      ['Old', 5],
      ['Northwind CRM', 13, true],
    ]);
    const b = competitors([
      ['Pipewell', 26],
      ['Globex', 12],
      ['New', 7],
      ['Northwind CRM', 2, true],
    ]);
    const out = compareKind('competitor', a, b, 5)!;
    expect(out.map((c) => [c.subject, c.move, c.news, c.before, c.after])).toEqual([
      ['Pipewell', 'up', 'rival', 20, 26],
      ['Globex', 'down', 'gain', 18, 12],
      ['New', 'appeared', 'rival', null, 7],
      ['Old', 'went', 'gain', 5, null],
    ]);
  });

  it('page: a first citation and a last one lost, counts otherwise not', () => {
    const a = pages([
      ['https://x.example/a', 0],
      ['https://x.example/b', 4],
      ['https://x.example/c', 9],
      ['https://x.example/gone', 2],
    ]);
    const b = pages([
      ['https://x.example/a', 3],
      ['https://x.example/b', 0],
      ['https://x.example/c', 1],
      ['https://x.example/new', 5],
      ['https://x.example/zero', 0],
    ]);
    const out = compareKind('page', a, b, 5)!;
    expect(out.map((c) => [c.subject, c.move, c.news, c.before, c.after, c.delta])).toEqual([
      ['https://x.example/a', 'first_citation', 'gain', 0, 3, 3],
      ['https://x.example/b', 'last_citation_lost', 'loss', 4, 0, -4],
      ['https://x.example/new', 'first_citation', 'gain', null, 5, 5],
      ['https://x.example/gone', 'last_citation_lost', 'loss', 2, null, -2],
    ]);
  });

  it('technical: issues appeared and resolved, the readiness score moved', () => {
    const out = compareKind('technical', technical(77, ['robots', 'slow']), technical(70, ['slow', 'schema']), 5)!;
    expect(out.map((c) => [c.subject, c.move, c.news, c.before, c.after])).toEqual([
      ['readiness_score', 'down', 'drop', 77, 70],
      ['schema', 'appeared', 'loss', null, 'high'],
      ['robots', 'resolved', 'gain', 'high', null],
    ]);
    expect(out[1]!.label).toBe('Issue schema');
  });

  it.each([
    ['visibility', { score: '30' }],
    ['topic', { topics: [{ id: 't', visibility: '40' }] }],
    ['topic', { topics: [{ name: 't', visibility: 40 }] }],
    [
      'topic',
      {
        topics: [
          { id: 't', visibility: 1 },
          { id: 't', visibility: 2 },
        ],
      },
    ],
    ['topic', { topics: 'none' }],
    ['answer_state', { prompts: [{ id: 'q', engines: ['chatgpt'] }] }],
    ['competitor', { competitors: [{ name: 'x', share_of_voice: '21%' }] }],
    ['page', { pages: [{ link: 'https://x', citations: 2 }] }],
    ['technical', { readiness_score: 'high', issues: [] }],
    ['technical', { issues: [{ title: 'no id' }] }],
  ] as const)('%s: a shape it does not expect is left to the generic compare (%j)', (kind, data) => {
    expect(compareKind(kind, data, data, 5)).toBeUndefined();
  });
});

/** The changes between two recorded days of one endpoint, as [kind, subject, engine, move, news, before, after]. */
async function between(endpoint: EndpointId, a: unknown, b: unknown, o: { market?: string } = {}) {
  const h = history([recordedRaw(D1, endpoint, a, o), recordedRaw(D2, endpoint, b, o)]);
  return (await changesFrom(h, ask())).changes.map((c) => [c.kind, c.subject, c.engine, c.move, c.news, c.before, c.after]);
}

describe('a figure that can no longer be read as a number is a change', () => {
  it('visibility: 72 → 1e999 (Infinity) and → -1e999, as received; the same on both days is none', async () => {
    expect(await between('visibility', { score: 72 }, { score: Infinity })).toEqual([['visibility', 'score', null, 'changed', 'neutral', 72, 'Infinity']]);
    expect(await between('visibility', { score: -Infinity }, { score: 72 })).toEqual([['visibility', 'score', null, 'changed', 'neutral', '-Infinity', 72]]);
    expect(await between('visibility', { score: Infinity }, { score: -Infinity })).toEqual([
      ['visibility', 'score', null, 'changed', 'neutral', 'Infinity', '-Infinity'],
    ]);
    expect(await between('visibility', { score: Infinity }, { score: Infinity })).toEqual([]);
    expect(await between('visibility', { score: null }, { score: Infinity })).toEqual([['visibility', 'score', null, 'changed', 'neutral', null, 'Infinity']]);
  });

  it('visibility: a text, null, an object or nothing where a number was', async () => {
    expect(await between('visibility', { score: 72 }, { score: 'n/a' })).toEqual([['other', 'score', null, 'changed', 'neutral', 72, 'n/a']]);
    expect(await between('visibility', { score: 72 }, { score: null })).toEqual([['visibility', 'score', null, 'changed', 'neutral', 72, null]]);
    expect(await between('visibility', { score: 72 }, { score: { value: 72 } })).toEqual([['other', 'score', null, 'changed', 'neutral', 72, '{"value":72}']]);
    expect(await between('visibility', { score: 72 }, {})).toEqual([['other', 'score', null, 'went', 'neutral', 72, null]]);
    expect(await between('visibility', { score: 'n/a' }, { score: 72 })).toEqual([['other', 'score', null, 'changed', 'neutral', 'n/a', 72]]);
  });

  it('topic: a visibility that became Infinity; a topic that appeared or went with one says so', async () => {
    expect(await between('topics', { topics: [{ id: 'a', visibility: 40 }] }, { topics: [{ id: 'a', visibility: Infinity }] })).toEqual([
      ['topic', 'a', null, 'changed', 'neutral', 40, 'Infinity'],
    ]);
    expect(await between('topics', { topics: [{ id: 'a', visibility: Infinity }] }, { topics: [{ id: 'b', visibility: -Infinity }] })).toEqual([
      ['topic', 'a', null, 'went', 'loss', 'Infinity', null],
      ['topic', 'b', null, 'appeared', 'gain', null, '-Infinity'],
    ]);
    expect(await between('topics', { topics: [{ id: 'a', visibility: 40 }] }, { topics: [{ id: 'a', visibility: 'n/a' }] })).toEqual([
      ['other', 'topics[a].visibility', null, 'changed', 'neutral', 40, 'n/a'],
    ]);
    expect(await between('topics', { topics: [{ id: 'a', visibility: 40 }] }, { topics: [{ id: 'a' }] })).toEqual([
      ['other', 'topics[a].visibility', null, 'went', 'neutral', 40, null],
    ]);
  });

  it('competitor: a share of voice that became -Infinity', async () => {
    expect(
      await between('competitors', { competitors: [{ name: 'P', share_of_voice: 20 }] }, { competitors: [{ name: 'P', share_of_voice: -Infinity }] }),
    ).toEqual([['competitor', 'P', null, 'changed', 'neutral', 20, '-Infinity']]);
    expect(await between('competitors', { competitors: [{ name: 'P', share_of_voice: Infinity }] }, { competitors: [] })).toEqual([
      ['competitor', 'P', null, 'went', 'gain', 'Infinity', null],
    ]);
  });

  it('page: citations that became Infinity, though both are more than 0; a first citation of Infinity has no size', async () => {
    expect(await between('pages', { pages: [{ url: 'https://x/a', citations: 2 }] }, { pages: [{ url: 'https://x/a', citations: Infinity }] })).toEqual([
      ['page', 'https://x/a', null, 'changed', 'neutral', 2, 'Infinity'],
    ]);
    expect(await between('pages', { pages: [{ url: 'https://x/a', citations: Infinity }] }, { pages: [{ url: 'https://x/a', citations: Infinity }] })).toEqual(
      [],
    );
    const h = history([recordedRaw(D1, 'pages', { pages: [] }), recordedRaw(D2, 'pages', { pages: [{ url: 'https://x/a', citations: Infinity }] })]);
    expect((await changesFrom(h, ask())).changes.map((c) => [c.move, c.before, c.after, c.delta])).toEqual([['first_citation', null, 'Infinity', null]]);
    expect(await between('pages', { pages: [{ url: 'https://x/a', citations: 2 }] }, { pages: [{ url: 'https://x/a', citations: 'n/a' }] })).toContainEqual([
      'other',
      'pages[https://x/a].citations',
      null,
      'changed',
      'neutral',
      2,
      'n/a',
    ]);
  });

  it('technical: a readiness score that became Infinity, a text, or went missing', async () => {
    const w = { market: '' };
    expect(await between('technical', { readiness_score: 70, issues: [] }, { readiness_score: Infinity, issues: [] }, w)).toEqual([
      ['technical', 'readiness_score', null, 'changed', 'neutral', 70, 'Infinity'],
    ]);
    expect(await between('technical', { readiness_score: 70, issues: [] }, { issues: [] }, w)).toEqual([
      ['technical', 'readiness_score', null, 'changed', 'neutral', 70, null],
    ]);
    expect(await between('technical', { issues: [] }, { readiness_score: 70, issues: [] }, w)).toEqual([
      ['technical', 'readiness_score', null, 'changed', 'neutral', null, 70],
    ]);
    expect(await between('technical', { readiness_score: 70, issues: [] }, { readiness_score: 'n/a', issues: [] }, w)).toEqual([
      ['other', 'readiness_score', null, 'changed', 'neutral', 70, 'n/a'],
    ]);
    expect(await between('technical', { issues: [] }, { readiness_score: null, issues: [] }, w)).toEqual([]);
  });

  it('any finite figure of any kind that became Infinity or -Infinity is a change', async () => {
    const shapes: ReadonlyArray<readonly [EndpointId, (v: number) => unknown]> = [
      ['visibility', (v) => ({ score: v })],
      ['topics', (v) => ({ topics: [{ id: 't', name: 'T', visibility: v }] })],
      ['competitors', (v) => ({ competitors: [{ name: 'P', share_of_voice: v }] })],
      ['pages', (v) => ({ pages: [{ url: 'https://x/a', citations: v }] })],
      ['technical', (v) => ({ readiness_score: v, issues: [] })],
      ['technical', (v) => ({ summary: { rows: [{ label: 'x', n: v }] } })],
      // A shape the answer_state kind does not know (no engines): compared generically.
      ['prompts', (v) => ({ prompts: [{ id: 'q', mention_rate: v }] })],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...shapes),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(Infinity, -Infinity),
        fc.boolean(),
        async ([endpoint, shape], finite, infinite, forward) => {
          const [a, b] = forward ? [finite, infinite] : [infinite, finite];
          const h = history([recordedRaw(D1, endpoint, shape(a)), recordedRaw(D2, endpoint, shape(b))]);
          const r = await changesFrom(h, ask());
          expect(r.changes.length).toBeGreaterThan(0);
          expect(r.changes.map((c) => [c.before, c.after])).toContainEqual(
            forward ? [finite === 0 ? 0 : finite, String(infinite)] : [String(infinite), finite === 0 ? 0 : finite],
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('subject and label mean the same for every kind', () => {
  it('subject: the stable key (an id, a URL, a name where that is the key); label: the human words, or null', async () => {
    const h = history([
      recorded(D1, 'visibility', { score: 40 }),
      recorded(D2, 'visibility', { score: 30 }),
      recorded(D1, 'topics', topics([['crm-pricing', 40, 'CRM pricing']])),
      recorded(D2, 'topics', topics([['crm-pricing', 20, 'CRM pricing']])),
      recorded(D1, 'prompts', prompts([['q1', 'Best CRM?', { chatgpt: 'recommended' }]])),
      recorded(D2, 'prompts', prompts([['q1', 'Best CRM?', { chatgpt: 'absent' }]])),
      recorded(D1, 'competitors', competitors([['Rival', 10]])),
      recorded(D2, 'competitors', competitors([['Rival', 30]])),
      recorded(D1, 'pages', pages([['https://x.example/a', 3]])),
      recorded(D2, 'pages', pages([['https://x.example/a', 0]])),
      recorded(D1, 'technical', technical(80, []), { market: '' }),
      recorded(D2, 'technical', technical(80, ['no-schema']), { market: '' }),
    ]);
    const r = await changesFrom(h, ask());
    expect(Object.fromEntries(r.changes.map((c) => [c.kind, [c.subject, c.label]]))).toEqual({
      visibility: ['score', null],
      topic: ['crm-pricing', 'CRM pricing'],
      answer_state: ['q1', 'Best CRM?'],
      competitor: ['Rival', null],
      page: ['https://x.example/a', 'Title of https://x.example/a'],
      technical: ['no-schema', 'Issue no-schema'],
    });
  });
});

describe('answer states: a question or an engine that came or went is a change', () => {
  it('a question removed from /prompts: each of its engines went', async () => {
    const a = prompts([
      ['q1', 'Best CRM?', { chatgpt: 'mentioned' }],
      ['q2', 'Cheapest CRM?', { chatgpt: 'recommended', gemini: 'absent' }],
    ]);
    const b = prompts([['q1', 'Best CRM?', { chatgpt: 'mentioned' }]]);
    expect(await between('prompts', a, b)).toEqual([
      ['answer_state', 'q2', 'chatgpt', 'went', 'neutral', 'recommended', null],
      ['answer_state', 'q2', 'gemini', 'went', 'neutral', 'absent', null],
    ]);
    expect(await between('prompts', b, a)).toEqual([
      ['answer_state', 'q2', 'chatgpt', 'appeared', 'neutral', null, 'recommended'],
      ['answer_state', 'q2', 'gemini', 'appeared', 'neutral', null, 'absent'],
    ]);
  });

  it('one engine removed from a question, or added', async () => {
    const a = prompts([['q1', 'Best CRM?', { chatgpt: 'mentioned', gemini: 'open' }]]);
    const b = prompts([['q1', 'Best CRM?', { chatgpt: 'mentioned' }]]);
    const out = compareKind('answer_state', a, b, 5)!;
    expect(out).toEqual([
      {
        subject: 'q1',
        label: 'Best CRM?',
        engine: 'gemini',
        path: 'prompts[q1].engines.gemini.state',
        move: 'went',
        news: 'neutral',
        before: 'open',
        after: null,
        delta: null,
        points: null,
      },
    ]);
    expect(compareKind('answer_state', b, a, 5)!.map((c) => [c.engine, c.move, c.before, c.after])).toEqual([['gemini', 'appeared', null, 'open']]);
  });

  it('a question with no engine that came or went is one change, without an engine', async () => {
    const a = { prompts: [{ id: 'q1', prompt: 'Best CRM?', engines: {} }] };
    const b = { prompts: [] };
    expect(compareKind('answer_state', a, b, 5)).toEqual([
      {
        subject: 'q1',
        label: 'Best CRM?',
        engine: null,
        path: 'prompts[q1]',
        move: 'went',
        news: 'neutral',
        before: null,
        after: null,
        delta: null,
        points: null,
      },
    ]);
    expect(compareKind('answer_state', b, a, 5)!.map((c) => [c.subject, c.move])).toEqual([['q1', 'appeared']]);
    expect(compareKind('answer_state', a, a, 5)).toEqual([]);
  });

  it('a question is keyed by its id (the subject), its own text the label; no text, no label; no id, its text is the key', async () => {
    const gone = { prompts: [{ id: 'q9', question: 'Which CRM?', engines: { chatgpt: 'open' } }] };
    expect(compareKind('answer_state', gone, { prompts: [] }, 5)!.map((c) => [c.subject, c.label])).toEqual([['q9', 'Which CRM?']]);
    const bare = { prompts: [{ id: 'q9', engines: { chatgpt: 'open' } }] };
    expect(compareKind('answer_state', bare, { prompts: [] }, 5)!.map((c) => [c.subject, c.label])).toEqual([['q9', null]]);
    const textOnly = { prompts: [{ prompt: 'Which CRM?', engines: { chatgpt: 'open' } }] };
    expect(compareKind('answer_state', textOnly, { prompts: [] }, 5)!.map((c) => [c.subject, c.label])).toEqual([['Which CRM?', 'Which CRM?']]);
  });
});

describe('like with like, and what was not compared', () => {
  it('answers of the same endpoint, item and query on both days; another query is not compared with it', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['a', 40]]), { query: 'days=30' }),
      recorded(D2, 'topics', topics([['a', 10]]), { query: 'days=30' }),
      recorded(D1, 'topics', topics([['a', 40]])),
      recorded(D2, 'topics', topics([['a', 41]])),
      recorded(D2, 'competitors', competitors([['P', 20]]), { query: 'days=90' }),
      recorded(D1, 'competitors', competitors([['P', 40]])),
    ]);
    const r = await changesFrom(h, ask());
    expect(r.changes.map((c) => [c.kind, c.query, c.before, c.after])).toEqual([['topic', 'days=30', 40, 10]]);
    expect(r.notCompared.find((n) => n.kind === 'competitor')).toEqual({
      kind: 'competitor',
      brand: { id: '101', name: 'Northwind CRM' },
      market: { code: 'US-en', label: 'United States (English)' },
      endpoint: 'competitors',
      reason: `recorded with other options on each day (${D1}: no options; ${D2}: days=90)`,
    });
  });

  it('a kind recorded on one day only, or on neither, is listed with the reason, never as no change', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['a', 40]])),
      recorded(D2, 'topics', topics([['a', 40]])),
      recorded(D1, 'pages', pages([])),
      recorded(D2, 'technical', technical(70, []), { market: '' }),
    ]);
    const r = await changesFrom(h, ask());
    expect(r.changes).toEqual([]);
    expect(r.notCompared.map((n) => [n.kind, n.market?.code ?? null, n.reason])).toEqual([
      ['visibility', null, `not recorded on ${D1} nor on ${D2}`],
      ['answer_state', null, `not recorded on ${D1} nor on ${D2}`],
      ['competitor', null, `not recorded on ${D1} nor on ${D2}`],
      ['page', 'US-en', `not recorded on ${D2}`],
      ['technical', null, `not recorded on ${D1}`],
    ]);
  });

  it('what was compared: once per kind, brand and market with an answer of each day that could be read', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['a', 40]]), { query: 'days=30' }),
      recorded(D2, 'topics', topics([['a', 40]]), { query: 'days=30' }),
      recorded(D1, 'topics', topics([['a', 40]])),
      recorded(D2, 'topics', topics([['a', 40]])),
      recorded(D1, 'visibility', { score: 1 }, { market: 'DE-de' }),
      recorded(D2, 'visibility', { score: 1 }, { market: 'DE-de' }),
      recorded(D1, 'pages', pages([])),
      recorded(D1, 'competitors', competitors([])),
      { ...recorded(D2, 'competitors', {}), raw: 'not json' },
      recorded(D1, 'technical', technical(1, []), { market: '', brandId: '202' }),
      recorded(D2, 'technical', technical(1, []), { market: '', brandId: '202' }),
    ]);
    const r = await changesFrom(h, ask());
    expect(r.changes).toEqual([]);
    const brand = { id: '101', name: 'Northwind CRM' };
    expect(r.compared).toEqual([
      { kind: 'visibility', brand, market: { code: 'DE-de', label: 'Germany (German)' }, endpoint: 'visibility' },
      { kind: 'topic', brand, market: { code: 'US-en', label: 'United States (English)' }, endpoint: 'topics' },
      { kind: 'technical', brand: { id: '202', name: 'Acme, Inc.' }, market: null, endpoint: 'technical' },
    ]);
    expect(r.notCompared.filter((n) => n.brand.id === '101').map((n) => [n.kind, n.reason])).toEqual([
      ['answer_state', `not recorded on ${D1} nor on ${D2}`],
      ['competitor', `the answer recorded on ${D2} is not JSON`],
      ['page', `not recorded on ${D2}`],
      ['technical', `not recorded on ${D1} nor on ${D2}`],
    ]);
  });

  it('the answer recorded on the earlier day not JSON: said of that day', async () => {
    const bad = { ...recorded(D1, 'visibility', {}), raw: '{"data": ' };
    const r = await changesFrom(history([bad, recorded(D2, 'visibility', { score: 40 })]), ask());
    expect(r.notCompared.find((n) => n.kind === 'visibility')?.reason).toBe(`the answer recorded on ${D1} is not JSON`);
    expect(r.compared).toEqual([]);
  });

  it('a body with no `data` is compared whole, whatever it is', async () => {
    const raw = (day: string, text: string) => ({ ...recorded(day, 'visibility', {}), raw: text });
    const of = async (a: string, b: string) =>
      (await changesFrom(history([raw(D1, a), raw(D2, b)]), ask())).changes.map((c) => [c.kind, c.subject, c.before, c.after]);
    expect(await of('{"score": 40}', '{"score": 20}')).toEqual([['visibility', 'score', 40, 20]]);
    expect(await of('[10]', '[20]')).toEqual([['other', '[0]', 10, 20]]);
    expect(await of('null', '{"score": 20}')).toEqual([['other', '(data)', null, '{"score":20}']]);
    expect(await of('{"data": null, "x": 1}', '{"data": 7, "x": 1}')).toEqual([['other', '(data)', null, 7]]);
  });

  it('other options on each day name the item and the query', async () => {
    const h = history([recorded(D1, 'topics', topics([]), { item: 'crm', query: 'days=30' }), recorded(D2, 'topics', topics([]), { item: 'erp' })]);
    expect((await changesFrom(h, ask())).notCompared.find((n) => n.kind === 'topic')?.reason).toBe(
      `recorded with other options on each day (${D1}: crm days=30; ${D2}: erp)`,
    );
  });

  it('a body that is not JSON is not compared, and says so', async () => {
    const bad = { ...recorded(D2, 'visibility', {}), raw: '{"data": {"score": 3' };
    const r = await changesFrom(history([recorded(D1, 'visibility', { score: 40 }), bad]), ask());
    expect(r.notCompared.find((n) => n.kind === 'visibility')?.reason).toBe(`the answer recorded on ${D2} is not JSON`);
  });

  it('data identical in every market (market ``) has market null, and is compared whatever --market asks', async () => {
    const h = history([
      recorded(D1, 'technical', technical(80, []), { market: '' }),
      recorded(D2, 'technical', technical(70, []), { market: '' }),
      recorded(D1, 'visibility', { score: 20 }, { market: 'DE-de' }),
      recorded(D2, 'visibility', { score: 40 }, { market: 'DE-de' }),
    ]);
    const r = await changesFrom(h, ask({ markets: ['US-en'] }));
    expect(r.changes.map((c) => [c.kind, c.market])).toEqual([['technical', null]]);
  });

  it('each change says where it came from: brand, market with its label, endpoint, item and query', async () => {
    const h = history([recorded(D1, 'visibility', { score: 20 }, { brandId: '202' }), recorded(D2, 'visibility', { score: 40 }, { brandId: '202' })]);
    expect((await changesFrom(h, ask())).changes[0]).toMatchObject({
      kind: 'visibility',
      brand: { id: '202', name: 'Acme, Inc.' },
      market: { code: 'US-en', label: 'United States (English)' },
      endpoint: 'visibility',
      item: '',
      query: '',
    });
  });
});

describe('worst news first', () => {
  it('losses, then drops by size, then rivals gaining, then what cannot be judged, then gains; ties by brand, market, kind, subject', async () => {
    const h = history([
      recorded(
        D1,
        'topics',
        topics([
          ['small-drop', 50],
          ['big-drop', 50],
          ['up', 10],
          ['went', 30],
        ]),
      ),
      recorded(
        D2,
        'topics',
        topics([
          ['small-drop', 44],
          ['big-drop', 20],
          ['up', 40],
        ]),
      ),
      recorded(D1, 'competitors', competitors([['Rival', 10]])),
      recorded(
        D2,
        'competitors',
        competitors([
          ['Rival', 30],
          ['Newcomer', 5],
        ]),
      ),
      recorded(D1, 'prompts', prompts([['q', 'Which CRM?', { chatgpt: 'recommended', gemini: 'open' }]])),
      recorded(D2, 'prompts', prompts([['q', 'Which CRM?', { chatgpt: 'absent', gemini: 'no_answer' }]])),
      recorded(D1, 'visibility', { score: 30 }, { brandId: '202' }),
      recorded(D2, 'visibility', { score: 20 }, { brandId: '202' }),
    ]);
    const r = await changesFrom(h, ask());
    expect(r.changes.map((c) => `${c.news} ${c.brand.id} ${c.kind} ${c.subject}${c.engine ? ` ${c.engine}` : ''}`)).toEqual([
      'loss 101 topic went',
      'loss 101 answer_state q chatgpt',
      'drop 101 topic big-drop',
      'drop 202 visibility score',
      'drop 101 topic small-drop',
      'rival 101 competitor Newcomer',
      'rival 101 competitor Rival',
      'neutral 101 answer_state q gemini',
      'gain 101 topic up',
    ]);
  });
});

describe('brands and markets chosen from the history', () => {
  let scopes: RecordedScope[] = [];
  beforeAll(async () => {
    scopes = await history([
      recorded(D1, 'topics', topics([]), { brandId: '101' }),
      recorded(D1, 'topics', topics([]), { brandId: '202', market: 'DE-de' }),
    ]).scopes(API);
  });

  it('by id, by whole name (any case, a comma inside), or several at once', () => {
    expect(chooseRecordedScopes(scopes, { brands: ['101'], markets: undefined }).brandIds).toEqual(['101']);
    expect(chooseRecordedScopes(scopes, { brands: ['acme, inc.'], markets: undefined }).brandIds).toEqual(['202']);
    expect(chooseRecordedScopes(scopes, { brands: ['Northwind CRM,202'], markets: undefined }).brandIds).toEqual(['101', '202']);
  });

  it('no flag: the configured brand and market, else every one recorded', () => {
    expect(chooseRecordedScopes(scopes, { brands: undefined, markets: undefined })).toEqual({ brandIds: undefined, markets: undefined });
    expect(
      chooseRecordedScopes(scopes, {
        brands: undefined,
        markets: undefined,
        configuredBrand: { value: 'Northwind CRM', source: 'VIS_BRAND' },
        configuredMarket: { value: 'US-en', source: 'VIS_MARKET' },
      }),
    ).toEqual({ brandIds: ['101'], markets: ['US-en'] });
    expect(chooseRecordedScopes(scopes, { brands: 'all', markets: 'all', configuredBrand: { value: '101', source: 'VIS_BRAND' } })).toEqual({
      brandIds: undefined,
      markets: undefined,
    });
  });

  it('a brand the history does not hold is a usage error naming the flag and the recorded brands', () => {
    const e = (() => {
      try {
        chooseRecordedScopes(scopes, { brands: ['Globex'], markets: undefined });
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).message).toBe('--brand: no brand "Globex" in the history (none of its answers was recorded)');
    expect((e as UsageError).hint).toBe('Recorded brands: 202 Acme, Inc., 101 Northwind CRM');
  });

  it('a brand close to a recorded one (its start, or a slip) is suggested, never taken', () => {
    const refusal = (value: string) => {
      try {
        chooseRecordedScopes(scopes, { brands: [value], markets: undefined });
      } catch (err) {
        return err as UsageError;
      }
      throw new Error(`${value} was taken`);
    };
    expect(refusal('northwind').hint).toBe('Did you mean "Northwind CRM" (101)? Recorded brands: 202 Acme, Inc., 101 Northwind CRM');
    expect(refusal('Northwnd CRM').hint).toBe('Did you mean "Northwind CRM" (101)? Recorded brands: 202 Acme, Inc., 101 Northwind CRM');
    expect(refusal('Globex').hint).not.toContain('Did you mean');
  });
});
