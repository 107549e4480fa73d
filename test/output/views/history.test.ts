/**
 * The series `vis history <data command>` draws on a terminal: the key figure per subject
 * across the recorded days, at 50, 80 and 160 columns (goldens in test/golden/history/),
 * and what it does with answers of a shape it does not know.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFigureFor, seriesLines } from '../../../src/output/views/history.js';
import { dayTable } from '../../../src/output/views/history-rows.js';
import { RawNumber } from '../../../src/text/raw-number.js';
import { displayWidth } from '../../../src/text/width.js';
import { expectGolden, GOLDEN_DIR } from '../golden.js';

const HISTORY_GOLDEN_DIR = join(GOLDEN_DIR, '..', 'history');
const WIDTHS = [50, 80, 160] as const;

function dayOf(i: number): string {
  return new Date(Date.parse('2026-09-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
}

/** A deterministic wave, so each golden shows a real trend. */
const wave = (i: number, base: number, amp: number) => Math.round((base + amp * Math.sin(i / 2)) * 10) / 10;

const topicsDays = Array.from({ length: 14 }, (_, i) => ({
  day: dayOf(i),
  data: {
    topics: [
      { id: 't-1', name: 'CRM for startups', visibility: wave(i, 40, 8) + i },
      { id: 't-2', name: 'Sales pipeline management for small B2B teams', visibility: wave(i, 20, 3) },
      ...(i >= 5 ? [{ id: 't-3', name: 'Lead scoring', visibility: i === 9 ? null : i * 2 }] : []),
      ...(i < 10 ? [{ id: 't-4', name: 'Email \u001b[31msync', visibility: 12 }] : []),
    ],
  },
}));

const competitorDays = Array.from({ length: 30 }, (_, i) => ({
  day: dayOf(i),
  data: {
    competitors: [
      { name: 'Northwind CRM', is_brand: true, share_of_voice: wave(i, 31, 4) },
      { name: 'Acme', share_of_voice: wave(i, 24, -3) },
      { name: 'Zenith Cloud', share_of_voice: 12.5 },
    ],
  },
}));

const scoreDays = Array.from({ length: 90 }, (_, i) => ({ day: dayOf(i), data: { score: i % 11 === 0 ? null : wave(i / 3, 60, 10) } }));

const CASES = [
  { name: 'topics', id: 'topics', heading: 'vis topics · Northwind CRM · GB-en', days: topicsDays },
  { name: 'competitors', id: 'competitors', heading: 'vis competitors · Northwind CRM · GB-en', days: competitorDays },
  { name: 'visibility', id: 'visibility', heading: 'vis visibility · Northwind CRM · GB-en', days: scoreDays },
] as const;

describe('the history series view', () => {
  for (const c of CASES) {
    for (const width of WIDTHS) {
      it(`${c.name} at ${width} columns`, () => {
        const lines = seriesLines(keyFigureFor(c.id)!, { heading: c.heading, days: c.days }, { width, wide: false, color: false });
        expect(lines).not.toBeNull();
        for (const line of lines!) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
        expectGolden(`${c.name}.${width}`, `${lines!.join('\n')}\n`, HISTORY_GOLDEN_DIR);
      });
    }
  }

  it('colours the chart and the change when colour is on', () => {
    const lines = seriesLines(keyFigureFor('topics')!, { heading: 'h', days: topicsDays }, { width: 80, wide: false, color: true })!.join('\n');
    expect(lines).toContain('\u001b[36m');
    expect(lines).toContain('\u001b[32m▲');
    expect(lines).not.toContain('\u001b[31msync');
  });

  it('first, last and change come from the days the subject was measured', () => {
    const days = [
      { day: '2026-11-20', data: { topics: [{ id: 'a', name: 'A', visibility: null }] } },
      { day: '2026-11-21', data: { topics: [{ id: 'a', name: 'A', visibility: new RawNumber('10.0') }] } },
      { day: '2026-11-22', data: { topics: [{ id: 'a', name: 'A renamed', visibility: 4.6 }] } },
    ];
    const lines = seriesLines(keyFigureFor('topics')!, { heading: 'h', days }, { width: 80, wide: false, color: false })!;
    expect(lines.find((l) => l.includes('A renamed'))).toMatch(/A renamed\s+ █▁\s+10\.0\s+4\.6\s+▼ 5\.4$/);
    expect(lines[1]).toContain('2026-11-20 → 2026-11-22, 3 scan days');
  });

  it('one day: no change yet', () => {
    const lines = seriesLines(
      keyFigureFor('technical')!,
      { heading: 'h', days: [{ day: '2026-11-22', data: { readiness_score: 71 } }] },
      { width: 80, wide: false, color: false },
    )!;
    expect(lines[1]).toContain('AI readiness score  2026-11-22, 1 scan day');
    expect(lines.at(-1)).toMatch(/readiness\s+▄\s+71\s+71\s+–$/);
  });

  it.each([
    ['topics', { topics: 'none' }],
    ['topics', { topics: [{ name: 'no id', visibility: 3 }, 'text', { id: 'x' }] }],
    ['competitors', []],
    ['visibility', { score: { value: 3 } }],
    ['overview', { visibility: 7 }],
    ['technical', null],
  ])('%s: a shape it does not know gives no series (the day-first table instead): %j', (id, data) => {
    const figure = keyFigureFor(id)!;
    const lines = seriesLines(figure, { heading: 'h', days: [{ day: '2026-11-22', data }] }, { width: 80, wide: false, color: false });
    if (id === 'visibility') expect(lines!.at(-1)).toMatch(/–\s+–\s+–$/);
    else expect(lines).toBeNull();
  });

  it('knows the key figure of these commands only', () => {
    for (const id of ['topics', 'topics.get', 'competitors', 'answers', 'visibility', 'overview', 'technical', 'prompts', 'pages'])
      expect(keyFigureFor(id)).toBeDefined();
    for (const id of ['sources', 'tasks', 'constructor', 'toString']) expect(keyFigureFor(id)).toBeUndefined();
  });

  it('prompts: per question, how many engines name the brand; a question without engines has no figure', () => {
    expect(
      keyFigureFor('prompts')!.read({
        prompts: [
          {
            id: 'q-1',
            prompt: 'best crm?',
            engines: { chatgpt: { state: 'recommended' }, gemini: { state: 'mentioned' }, claude: { state: 'absent' }, copilot: { state: 'open' } },
          },
          { id: 'q-2', prompt: 'cheap crm?', engines: { chatgpt: { state: 'absent' }, gemini: null } },
          { id: 'q-3', prompt: 'no engines', engines: ['chatgpt'] },
          { prompt: 'no id', engines: { chatgpt: { state: 'mentioned' } } },
        ],
      }),
    ).toEqual([
      { key: 'q-1', name: 'best crm?', value: 2 },
      { key: 'q-2', name: 'cheap crm?', value: 0 },
      { key: 'no id', name: 'no id', value: 1 },
    ]);
    expect(keyFigureFor('prompts')!.read({ prompts: 'x' })).toEqual([]);
  });

  it('pages: citations per page, known by URL, named by title', () => {
    expect(keyFigureFor('pages')!.read({ pages: [{ url: 'https://a.example/x', title: 'X', citations: 4 }] })).toEqual([
      { key: 'https://a.example/x', name: 'X', value: 4 },
    ]);
  });

  it('reads the figure of topics.get, overview and answers', () => {
    expect(keyFigureFor('topics.get')!.read({ topic: { visibility: 33 } })).toEqual([{ key: 'visibility', name: 'visibility', value: 33 }]);
    expect(keyFigureFor('overview')!.read({ visibility: { score: 61 } })[0]!.value).toBe(61);
    expect(
      keyFigureFor('answers')!.read({
        answers: [
          { id: 'q-1', prompt: 'best crm?', rate: 40 },
          { id: 7, rate: 'x' },
        ],
      }),
    ).toEqual([
      { key: 'q-1', name: 'best crm?', value: 40 },
      { key: '7', name: '7', value: null },
    ]);
  });
});

describe('the day-first rows', () => {
  const spec = { collection: 'topics', period: 'range' } as const;
  it('with no day: the known columns and the period columns, day first', () => {
    expect(dayTable([], spec, { known: () => ['id', 'name'] }).columns).toEqual(['day', 'id', 'name', 'period_from', 'period_to']);
    expect(dayTable([], { collection: undefined, period: 'range' }, {}).columns).toEqual(['day', 'key', 'value']);
    expect(dayTable([], { collection: 'x', period: 'none' }, {}).columns).toEqual(['day']);
  });

  it('--columns day is not written twice', () => {
    const days = [{ day: '2026-11-22', fetchedAt: 0, meta: null, data: { topics: [{ id: 'a', name: 'A' }] } }];
    expect(dayTable(days, { collection: 'topics', period: 'none' }, { columns: ['day', 'name'] }).columns).toEqual(['day', 'name']);
  });
});
