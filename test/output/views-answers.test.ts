/**
 * The views of `answers`, `answers history`, `sources`, `brand-perception` and its
 * transcript: the rules each follows, one case each, on sandbox payloads
 * changed where a case needs it. Their look is pinned by the goldens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderView, type TableOptions } from '../../src/output/table.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, any>;
const TTY: Omit<TableOptions, 'spec'> = { width: 80, color: false, tty: true, wide: false };
const COLOUR = { ...TTY, color: true };

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});
const caseOf = (id: string): ViewCase => findCase(cases, id);
function render(id: string, change: (d: Rec) => void = () => {}, opts: Omit<TableOptions, 'spec'> = TTY): string {
  const c = caseOf(id);
  const env = structuredClone(c.envelope) as Rec;
  change(env.data);
  const out = renderView(env, { ...opts, spec: c.spec }, true);
  expect(out, `${id} falls back`).not.toBeNull();
  return out ?? '';
}
const lines = (s: string): string[] => s.split('\n');

describe('empty collections are one sentence', () => {
  it.each([
    ['answers', 'answers', 'No answers match.'],
    ['answers.history', 'history', 'No history entries match.'],
    ['sources', 'sources', 'No sources match.'],
    ['brand-perception', 'engines', 'No engines match.'],
    ['brand-perception.transcript', 'transcript', 'No transcript entries match.'],
  ])('%s', (id, key, sentence) => {
    const out = render(id, (d) => (d[key] = []));
    expect(lines(out)).toContain(sentence);
  });
});

describe('answers', () => {
  const question = 'What is the best CRM for an early-stage startup?';

  it('the question beside its figures when every question fits, else on its own line above them, never shortened', () => {
    const wide = lines(render('answers', undefined, { ...TTY, width: 160 }));
    expect(wide.find((l) => l.includes(question))).toMatch(/startup\?\s+[\d.]+%\s+\d+\/\d+\s+[●◐○·–?].*startup-best-crm$/);
    for (const width of [80, 50]) {
      const out = lines(render('answers', undefined, { ...TTY, width }));
      const at = out.findIndex((l) => l.includes(question));
      expect(out[at]).toBe(`  ${question}${width === 80 ? '  startup-best-crm' : ''}`);
      expect(out.slice(at, at + 3).join('\n')).toMatch(/[\d.]+% +\d+\/\d+ +[●◐○·–?]/);
      expect(out.filter((l) => /\?…|CRM…/.test(l))).toEqual([]);
    }
  });

  it('engine names that do not fit over their marks: one column of marks, the engines named once in order', () => {
    const at80 = lines(render('answers', undefined, { ...TTY, width: 80 }));
    expect(at80.find((l) => l.includes('named'))).toMatch(/named +runs +ChatGPT +Perplexity +Gemini +Claude +Copilot$/);
    expect(at80.join('\n')).not.toContain('left to right');
    const out = lines(render('answers', undefined, { ...TTY, width: 50 }));
    expect(out.join(' ').replace(/ +/g, ' ')).toContain('engines, left to right: ChatGPT, Perplexity, Gemini, Claude, Copilot');
    expect(out.find((l) => l.includes('named'))).toMatch(/^ +named +runs +engines$/);
    const at = out.findIndex((l) => l.includes(question));
    expect(out.slice(at, at + 3).join('\n')).toMatch(/[\d.]+% +\d+\/\d+ +[●◐○·–?] [●◐○·–?] [●◐○·–?] [●◐○·–?] [●◐○·–?]$/m);
    expect(out.filter((l) => l.includes('…'))).toEqual([]);
    // An engine missing from one question leaves a blank in its place, not a mark.
    const gap = lines(render('answers', (d) => delete d.answers[1].engines.perplexity, { ...TTY, width: 50 }));
    expect(gap.join('\n')).toMatch(/[\d.]+% +\d+\/\d+ +[●◐○·–?] {3}[●◐○·–?] [●◐○·–?] [●◐○·–?]$/m);
  });

  it('an unknown state is a ? with a legend entry; states are coloured marks', () => {
    const out = render('answers', (d) => (d.answers[0].engines.chatgpt = 'hallucinated'));
    expect(out).toContain('? hallucinated');
    expect(render('answers', undefined, COLOUR)).toContain('\u001b[36m◐\u001b[39m');
  });
});

describe('answers history', () => {
  it('one mark per day, oldest first, a gap for a day without an entry; the rate as a sparkline with low–high and last', () => {
    const out = render('answers.history', (d) => {
      const mine = d.history.filter((h: Rec) => h.prompt_id === 'startup-best-crm').sort((a: Rec, b: Rec) => (a.date < b.date ? 1 : -1));
      mine.forEach((h: Rec, i: number) => {
        h.engines.chatgpt = i === 0 ? 'recommended' : i === mine.length - 1 ? 'no_answer' : 'absent';
        h.rate = i === 0 ? 50 : 10;
      });
      // The middle day of this question missing.
      d.history = d.history.filter((h: Rec) => !(h.prompt_id === 'startup-best-crm' && h.date === '2026-11-19'));
    });
    const row = lines(out)[lines(out).findIndex((l) => l.includes('startup-best-crm')) + 1] ?? '';
    expect(row).toMatch(/^ +▁▁▁ ▁▁█ +10\.0–50\.0% +50\.0% +–○○ ○○● /);
  });

  it('cards, one line per figure, when the marks do not fit beside each other', () => {
    const out = lines(render('answers.history', undefined, { ...TTY, width: 50 }));
    const at = out.findIndex((l) => l.includes('startup-best-crm'));
    expect(out[at + 1]).toMatch(/^ {4}named\/day +[▁-█ ]{7}$/);
    expect(out.slice(at, at + 10).join('\n')).toMatch(/\n {4}ChatGPT +[●◐○·– ]{7}\n/);
  });
});

describe('sources', () => {
  it('citations by engine: engines as column headers where they fit, else named once above headerless columns', () => {
    const at80 = render('sources').split('Citations by engine\n')[1] ?? '';
    expect(at80.split('\n')[0]).toMatch(/^domain +ChatGPT +Perplexity +Gemini +Claude +Copilot$/);
    const at50 = render('sources', undefined, { ...TTY, width: 50 }).split('Citations by engine\n')[1] ?? '';
    expect(at50.split('\n').slice(0, 2).join(' ')).toBe('columns: domain, ChatGPT, Perplexity, Gemini, Claude, Copilot');
    expect(at50).toMatch(/\ng2\.com +\d+ +\d+ +\d+ +\d+ +\d+\n/);
    expect(at50).not.toContain('…');
    expect(at50).not.toContain('──');
  });

  it('topics a source is missing from are named; all topics said as a count', () => {
    const out = render('sources', (d) => (d.sources[0].topics = d.sources[0].topics.slice(2)));
    expect(out).toMatch(/in 7 of 9 topics, not crm-automation, crm-for-startups/);
    expect(out).toContain('in all 9 topics');
  });

  it('the page cited most as a path on the row’s own domain, whole on another', () => {
    const out = render('sources', (d) => (d.sources[1].top_url = 'https://old.reddit.com/r/crm'));
    expect(out).toContain('\n  /categories/sales-pipeline-management · in all 9 topics\n');
    expect(out).toContain('\n  https://old.reddit.com/r/crm · in all 9 topics\n');
  });

  it('the brand’s domain in bold yellow, a competitor’s in red; the owner said where the kind does not', () => {
    const coloured = render('sources', undefined, COLOUR);
    expect(coloured).toContain('\u001b[1m\u001b[33mnorthwindcrm.example');
    expect(coloured).toContain('\u001b[31mglobexcrm.example');
    const out = render('sources', (d) => (d.sources.find((s: Rec) => s.domain === 'youtube.com').owner = 'brand'));
    expect(out).toMatch(/youtube\.com .* video \(brand\)\n/);
  });
});

describe('brand perception', () => {
  it('weekly history as strips, oldest week first: █ yes, ▁ no, a gap when not measured', () => {
    const out = render('brand-perception', (d) => {
      const h = d.engines[0].history as Rec[];
      h.forEach((w) => ((w.knows = true), (w.recommends = true)));
      (h[0] as Rec).recommends = false;
      delete (h[1] as Rec).recommends;
      h.reverse();
    });
    expect(lines(out).find((l) => l.startsWith('ChatGPT'))).toMatch(/✓ yes +✓ yes +positive +█{12} +▁ █{10}$/);
  });

  it('each engine by the label the API gives beside its id (csv and json keep the id)', () => {
    const out = render('brand-perception', (d) => (d.engines[0].label = 'OpenAI'));
    expect(
      lines(out)
        .filter((l) => /^\S+ +[✓✗] (yes|no)/.test(l))
        .map((l) => l.split(' ')[0]),
    ).toEqual(['OpenAI', 'Perplexity', 'Gemini', 'Claude', 'Copilot']);
    expect(out).not.toMatch(/^chatgpt/m);
  });

  it('wrong claims with the truth and the engines that say them', () => {
    expect(render('brand-perception')).toMatch(
      /✗ It costs \$19 per user a month\n {4}in fact: the price has been \$25 since the spring price change\n {4}said by ChatGPT, Perplexity, Copilot\n/,
    );
  });
});

describe('brand-perception transcript', () => {
  it('asked on one day: the day said once, each question with its time; the zone said once', () => {
    const out = render('brand-perception.transcript');
    expect(out).toContain('asked on 2026-11-16 · times in UTC');
    expect(out).toContain('05:00  “What is Northwind CRM?”');
    expect(out.match(/UTC/g)).toHaveLength(1);
  });

  it('asked over several days: the full time with each question', () => {
    const out = render('brand-perception.transcript', (d) => (d.transcript[1].asked_at = '2026-11-17T09:30:00Z'));
    expect(out).toContain('2026-11-17 09:30  “Would you recommend Northwind CRM?”');
    expect(out).not.toContain('asked on');
  });

  it('the whole answer, wrapped, the brand highlighted', () => {
    const out = render('brand-perception.transcript', undefined, { ...COLOUR, width: 50 });
    expect(out).toContain('\u001b[1m\u001b[33mNorthwind CRM\u001b[39m\u001b[22m');
    expect(out.replace(/\u001b\[[0-9;]*m/g, '')).toContain('  database that shipped with Microsoft Access.');
  });
});

describe('engines by their names in every view that lists them', () => {
  // The ids stay in csv and json; a view writes the label (the API's own text, such as a
  // content gap's reason, is quoted as sent).
  const ID = /(^|[\s,✓])(chatgpt|perplexity|gemini|claude|copilot)\b/;
  it.each([
    ['forum', '✓ ChatGPT'],
    ['pages', 'ChatGPT '],
    ['content-gaps', 'cited by '],
    ['brand-perception', 'said by ChatGPT'],
    ['brand-perception.transcript', 'ChatGPT'],
  ])('%s names each engine by its label', (id, shown) => {
    const out = render(id);
    expect(out).toContain(shown);
    // A content gap's reason is the API's sentence, quoted: only vis's own "cited by" line is checked there.
    const own = lines(out).filter((l) => (id === 'content-gaps' ? l.trimStart().startsWith('cited by') : !/https?:\/\//.test(l)));
    expect(own.filter((l) => ID.test(l))).toEqual([]);
  });
});
