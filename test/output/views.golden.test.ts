/**
 * Every endpoint's view on real sandbox data (fixed clock, vis_demo_growth), at the widths
 * in WIDTHS (50, 80 and 160), no colour, on a terminal:
 * test/golden/views/<id>.<width>.txt. And each view's
 * fallback: the same data with one field the view needs broken, which must come out as
 * the generic rendering (test/golden/views/<id>.fallback.txt, width 100).
 * `UPDATE_GOLDEN=1 npx vitest run test/output` rewrites the goldens; review the diff.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderGenericTable, renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { VIEW_IDS } from '../../src/output/views/index.js';
import { displayWidth } from '../../src/text/width.js';
import { expectGolden, goldenNames, UPDATING, VIEWS_GOLDEN_DIR } from './golden.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, any>;

/** One field per view given a type the view was not built for (or taken away). */
const BREAK: Readonly<Record<string, (data: Rec) => void>> = {
  usage: (d) => (d.reads = 'lots'),
  overview: (d) => (d.visibility = '27'),
  visibility: (d) => (d.history = 'twelve weeks'),
  topics: (d) => (d.topics[0].name = 42),
  'topics.get': (d) => (d.topic = ['CRM for startups']),
  prompts: (d) => (d.prompts[0].engines = 'chatgpt'),
  'answers.runs': (d) => (d.runs[0].engine = null),
  competitors: (d) => (d.competitors[0].share_of_voice = '21.3%'),
  'competitors.get': (d) => (d.competitor = 'Pipewell'),
  pages: (d) => (d.pages[0].citations = '16'),
  'content-gaps': (d) => (d.gaps[0].action = 1),
  forum: (d) => (d.topics[0].threads = {}),
  'search-performance': (d) => (d.rows[0].clicks = '1749'),
  technical: (d) => (d.issues[0].title = null),
  'ai-crawlers': (d) => (d.crawlers[0].bot = ['Bingbot']),
  tasks: (d) => delete d.tasks[0].title,
  'tasks.get': (d) => (d.task.title = 5012),
  'weekly-plan': (d) => (d.columns[0].tasks = '6'),
  'pitches.get': (d) => delete d.prospect,
  answers: (d) => (d.answers[0].engines = ['chatgpt']),
  'answers.history': (d) => (d.history[0].rate = '40'),
  sources: (d) => (d.sources[0].domain = null),
  'brand-perception': (d) => (d.engines[0].knows = 'yes'),
  'brand-perception.transcript': (d) => (d.transcript[0].answer = { text: 'Yes.' }),
  brands: (d) => (d.brands[0].markets = 'US-en'),
  markets: (d) => (d.markets[0].primary = 'yes'),
  'ai-visitors': (d) => (d.visitors[0].landing_pages = '/pricing'),
  activity: (d) => (d.events[0].at = 1763784000),
  pitches: (d) => (d.allowance.used = '2'),
};

/** The widths each view is pinned at: a narrow terminal, the usual one and a wide one. */
const WIDTHS: readonly number[] = [50, 80, 160];

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

const caseOf = (id: string): ViewCase => findCase(cases, id);

function tty(c: ViewCase, width: number): TableOptions {
  return { spec: c.spec, width, color: false, tty: true, wide: false };
}

describe('views: golden output on sandbox data', () => {
  it('every view has a broken shape to fall back on', () => {
    expect(Object.keys(BREAK).sort()).toEqual([...VIEW_IDS].sort());
  });

  for (const id of VIEW_IDS) {
    describe(id, () => {
      for (const width of WIDTHS) {
        it(`tty, width ${width}, no colour`, () => {
          const c = caseOf(id);
          const viewed = renderView(c.envelope, tty(c, width), true);
          expect(viewed, 'the view draws this data itself, without falling back').not.toBeNull();
          expect(renderTable(c.envelope, tty(c, width))).toBe(viewed);
          // The one line allowed past the width: a word that cannot be broken (a URL) alone on it.
          for (const line of (viewed ?? '').split('\n')) if (/\s/.test(line.trim())) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
          expectGolden(`${id}.${width}`, viewed ?? '', VIEWS_GOLDEN_DIR);
        });
      }

      it('falls back to the generic rendering when a field has an unexpected type', () => {
        const c = caseOf(id);
        const broken = structuredClone(c.envelope) as Rec;
        BREAK[id]?.(broken.data);
        expect(renderView(broken, tty(c, 100), true)).toBeNull();
        const out = renderTable(broken, tty(c, 100));
        expect(out).toBe(renderGenericTable(broken, tty(c, 100)));
        expectGolden(`${id}.fallback`, out, VIEWS_GOLDEN_DIR);
      });
    });
  }

  it.skipIf(UPDATING)('has no stale golden files', () => {
    const expected = VIEW_IDS.flatMap((id) => [...WIDTHS.map((w) => `${id}.${w}`), `${id}.fallback`]).sort();
    expect(goldenNames(VIEWS_GOLDEN_DIR)).toEqual(expected);
  });
});
