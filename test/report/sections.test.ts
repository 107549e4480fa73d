/**
 * The section views' own rules (src/report/sections/): the orders they draw in (topics
 * weakest first, tasks best first, issues by severity, changes worst first, gaps write then
 * improve), what they count (states per engine), the scope's own changes, and each view's
 * test of the shape it knows.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ChangesResult } from '../../src/domain/changes.js';
import type { ScopeReport } from '../../src/domain/report.js';
import { formatsFor } from '../../src/report/format.js';
import { changes, moveWords, ofScope, subjectCell, worstFirst } from '../../src/report/sections/changes.js';
import { gapsToShow } from '../../src/report/sections/content-gaps.js';
import { SECTION_VIEWS } from '../../src/report/sections/index.js';
import {
  engineNames,
  genericTable,
  listOf,
  otherFields,
  otherRecordFields,
  shareReader,
  spanText,
  stateMark,
  tag,
  typed,
  windowOf,
} from '../../src/report/sections/kit.js';
import { pageChange } from '../../src/report/sections/pages.js';
import { countStates } from '../../src/report/sections/questions.js';
import { bestFirst, tasks } from '../../src/report/sections/tasks.js';
import { shareOfVoice } from '../../src/report/sections/share-of-voice.js';
import { bySeverity } from '../../src/report/sections/technical.js';
import { weakestFirst } from '../../src/report/sections/topics.js';
import { FakeCharts } from './fake-charts.js';
import { sampleChanges, MADE_AT } from './sandbox-model.js';

const names = (list: ReadonlyArray<Record<string, unknown>>, k = 'name') => list.map((x) => x[k]);

describe('orders', () => {
  it('topics: weakest first, a topic not measured last', () => {
    const t = [
      { name: 'a', visibility: 40 },
      { name: 'b', visibility: null },
      { name: 'c', visibility: 10.5 },
      { name: 'd', visibility: 0 },
    ];
    expect(names(weakestFirst(t))).toEqual(['d', 'c', 'a', 'b']);
  });

  it('tasks: highest impact first, then priority; done tasks left out', () => {
    const t = [
      { title: 'low-8', impact: 8, priority: 'low', status: 'todo' },
      { title: 'high-8', impact: 8, priority: 'high', status: 'in_progress' },
      { title: 'odd-9', impact: 9, priority: 'whatever', status: 'todo' },
      { title: 'done-10', impact: 10, priority: 'critical', status: 'done' },
      { title: 'none', priority: 'critical', status: 'todo' },
      { title: 'crit-2', impact: 2, priority: 'critical', status: 'todo' },
    ];
    expect(names(bestFirst(t), 'title')).toEqual(['odd-9', 'high-8', 'low-8', 'crit-2', 'none']);
  });

  it('issues: critical, high, medium, low, then words not known, each kept in its order', () => {
    const i = [
      { title: 'x', severity: 'low' },
      { title: 'y', severity: 'weird' },
      { title: 'z', severity: 'critical' },
      { title: 'w', severity: 'medium' },
      { title: 'v', severity: 'high' },
      { title: 'u', severity: 'critical' },
    ];
    expect(names(bySeverity(i), 'title')).toEqual(['z', 'u', 'v', 'w', 'x', 'y']);
  });

  it('content gaps: write, then improve, then other actions; leave is not listed', () => {
    const g = [
      { prompt: 'l', action: 'leave' },
      { prompt: 'i', action: 'improve' },
      { prompt: 'o', action: 'rethink' },
      { prompt: 'w', action: 'write' },
      { prompt: 'n' },
    ];
    expect(names(gapsToShow(g), 'prompt')).toEqual(['w', 'i', 'o', 'n']);
  });

  it('changes: loss, drop, rival, neutral, gain', () => {
    const c = (news: Change['news']) => ({ news }) as Change;
    expect(worstFirst([c('gain'), c('neutral'), c('loss'), c('rival'), c('drop')]).map((x) => x.news)).toEqual(['loss', 'drop', 'rival', 'neutral', 'gain']);
  });

  it('a page’s change is its own, else its citations against the previous', () => {
    expect(pageChange({ change: -3, citations: 9, previous_citations: 1 })).toBe(-3);
    expect(pageChange({ citations: 9, previous_citations: 1 })).toBe(8);
    expect(pageChange({ citations: 9 })).toBeNull();
  });
});

describe('buyer questions', () => {
  it('counts each state per engine, engines as met, known states best first then others', () => {
    const prompts = [
      { engines: { chatgpt: { state: 'absent' }, gemini: { state: 'recommended' } } },
      { engines: { chatgpt: { state: 'absent' }, claude: { state: 'maybe' }, gemini: 'bad' } },
      { engines: 'none' },
      { engines: { chatgpt: { state: 'open' }, gemini: { state: 42 } } },
    ];
    const { engines, states, counts } = countStates(prompts);
    expect(engines).toEqual(['chatgpt', 'gemini', 'claude']);
    expect(states).toEqual(['recommended', 'mentioned', 'absent', 'open', 'no_answer', 'maybe']);
    expect(Object.fromEntries([...counts].map(([e, m]) => [e, Object.fromEntries(m)]))).toEqual({
      chatgpt: { absent: 2, open: 1 },
      gemini: { recommended: 1 },
      claude: { maybe: 1 },
    });
  });

  it('marks as the terminal marks them; an unknown state a ? and its word', () => {
    expect(stateMark('recommended')).toBe('<span class="state good" title="recommended">● recommended</span>');
    expect(stateMark('open', false)).toBe('<span class="state warn" title="open (no one named)">◌</span>');
    expect(stateMark('no_answer')).toBe('<span class="state muted" title="no answer">– no answer</span>');
    expect(stateMark('<b>')).toBe('<span class="state">? &lt;b&gt;</span>');
    expect(stateMark('constructor')).toBe('<span class="state">? constructor</span>');
  });

  it('tags colour the words the terminal colours; others are plain', () => {
    expect(tag('critical')).toBe('<span class="tag alarm">critical</span>');
    expect(tag('in_progress')).toBe('<span class="tag info">in progress</span>');
    expect(tag('toString')).toBe('<span class="tag">toString</span>');
    expect(tag('"x"')).toBe('<span class="tag">&quot;x&quot;</span>');
  });
});

describe('what changed', () => {
  const scope = (id: string, market: string | null) =>
    ({ brand: { id, name: 'x' }, market: market === null ? null : { code: market, label: null } }) as ScopeReport;

  it('keeps the scope’s brand, in its market or every market', () => {
    const item = (id: string, market: string | null) => ({ brand: { id }, market: market === null ? null : { code: market } });
    expect(ofScope(item('101', 'US-en'), scope('101', 'US-en'))).toBe(true);
    expect(ofScope(item('101', null), scope('101', 'US-en'))).toBe(true);
    expect(ofScope(item('101', 'GB-en'), scope('101', 'US-en'))).toBe(false);
    expect(ofScope(item('101', 'GB-en'), scope('101', null))).toBe(true);
    expect(ofScope(item('202', 'US-en'), scope('101', 'US-en'))).toBe(false);
  });

  it.each([
    [{ move: 'down', before: 34.2, after: 28.3, delta: -5.9, points: -5.9 }, '34.2 → 28.3 (-5.9)'],
    [{ move: 'up', before: 0.18, after: 0.25, delta: 0.07, points: 7 }, '0.18 → 0.25 (+7 pp)'],
    [{ move: 'up', before: 1, after: 2, delta: null, points: null }, '1 → 2'],
    [{ move: 'changed', before: 'recommended', after: 'absent', delta: null, points: null }, 'recommended → absent'],
    [{ move: 'appeared', before: null, after: 12, delta: null, points: null }, 'appeared (12)'],
    [{ move: 'appeared', before: null, after: null, delta: null, points: null }, 'appeared'],
    [{ move: 'went', before: 22, after: null, delta: null, points: null }, 'went (was 22)'],
    [{ move: 'went', before: null, after: null, delta: null, points: null }, 'went'],
    [{ move: 'first_citation', before: null, after: 6, delta: null, points: null }, 'first citation (0 → 6)'],
    [{ move: 'last_citation_lost', before: 4, after: null, delta: null, points: null }, 'last citation lost (4 → 0)'],
    [{ move: 'resolved', before: 'high', after: null, delta: null, points: null }, 'resolved'],
  ])('%j reads %j', (c, words) => {
    expect(moveWords(c as unknown as Change)).toBe(words);
  });

  // Each figure with its unit, in the number style the report gives its measure elsewhere:
  // a visibility as a score out of 100 (Topics, the headline), a share of voice as a percentage.
  it.each([
    [{ kind: 'topic', move: 'down', before: 75, after: 47.1, delta: -27.9, points: -27.9 }, '75.0 → 47.1 (-27.9 points)'],
    [{ kind: 'visibility', move: 'down', before: 29.4, after: 24.3, delta: -5.1, points: -5.1 }, '29.4 → 24.3 (-5.1 points)'],
    [{ kind: 'competitor', move: 'up', before: 17, after: 22.8, delta: 5.8, points: 5.8 }, '17.0% → 22.8% (+5.8 pp)'],
    [{ kind: 'competitor', move: 'up', before: 0.18, after: 0.25, delta: 0.07, points: 7 }, '18.0% → 25.0% (+7.0 pp)'],
    [{ kind: 'competitor', move: 'appeared', before: null, after: 14.5, delta: null, points: null }, 'appeared (share of voice 14.5%)'],
    [{ kind: 'topic', move: 'went', before: 20.9, after: null, delta: null, points: null }, 'went (visibility was 20.9)'],
    [{ kind: 'answer_state', move: 'changed', before: 'no_answer', after: 'absent', delta: null, points: null }, 'no answer → absent'],
    [{ kind: 'answer_state', move: 'changed', before: 'open', after: 'not_indexed', delta: null, points: null }, 'open → not indexed'],
  ])('%j reads %j: units, one decimal, states in words', (c, words) => {
    expect(moveWords(c as unknown as Change)).toBe(words);
  });

  it('one number style per measure: a rival’s position and a task’s impact with one decimal in every row', async () => {
    const ctx = {
      scope: {} as ScopeReport,
      fmt: formatsFor('en-US'),
      charts: new FakeCharts(),
      model: { look: { accent: '#000' }, topicNames: new Map() } as never,
    };
    const sov = await shareOfVoice.render(
      {
        competitors: [
          { name: 'Us', is_brand: true, share_of_voice: 30, position: 2 },
          { name: 'Rival', share_of_voice: 20, position: 1.5 },
        ],
      },
      ctx,
    );
    expect(sov).toMatch(/>2\.0</);
    expect(sov).toMatch(/>1\.5</);
    const list = await tasks.render(
      {
        tasks: [
          { title: 'A', status: 'open', impact: 9 },
          { title: 'B', status: 'open', impact: 8.3 },
        ],
      },
      ctx,
    );
    expect(list).toMatch(/>9\.0</);
    expect(list).toMatch(/>8\.3</);
  });

  it('a change’s subject: a name alone, no id under it; a page’s title with its URL under it; the key when there are no words', () => {
    expect(subjectCell('crm-migration', 'Switching CRMs')).toBe('Switching CRMs');
    const page = subjectCell('https://northwind.example/pricing', 'Pricing');
    expect(page).toContain('Pricing');
    expect(page).toContain('https://northwind.example/pricing');
    expect(subjectCell('Pipewell', null)).toContain('Pipewell');
  });

  it('a figure of What changed follows the report’s locale', () => {
    const c = { kind: 'topic', move: 'down', before: 75, after: 47.1, delta: -27.9, points: -27.9 } as unknown as Change;
    expect(moveWords(c, (id) => id, formatsFor('de-DE'))).toBe('75,0 → 47,1 (-27,9 points)');
  });

  it('from the history’s real comparison: the scope’s changes worst first, another brand’s left out', async () => {
    const result = await sampleChanges();
    expect(result.changes.some((c) => c.brand.id === '202')).toBe(true);
    expect(changes.known(result)).toBe(true);
    const us = { brand: { id: '101', name: 'Northwind CRM' }, market: { code: 'US-en', label: null } } as ScopeReport;
    const html = await changes.render(result as never, { scope: us, fmt: formatsFor('en-US'), charts: new FakeCharts(), model: {} as never });
    const rows = [...html.replace(/ data-label="[^"]*"/g, '').matchAll(/<tr><td><span class="tag (\w+)">([^<]+)<\/span><\/td><td>([^<]+)<\/td>/g)].map(
      (m) => `${m[2]} ${m[3]}`,
    );
    expect(rows.length).toBe(result.changes.filter((c) => c.brand.id === '101').length);
    expect(rows[0]).toMatch(/^(loss|drop)/);
    expect(rows.at(-1)).toMatch(/^gain/);
    // The days compared are named, and that their figures are those days' reads, not the report's period.
    expect(html).toContain('The answers recorded on Mar 14, 2025 against those of Mar 13, 2025');
    expect(html).toContain('not the report’s period');
    expect(html).not.toContain('20 → 9');
  });

  it('a change leads with its human words (a question’s text, a topic’s name), no id under them; a change without words shows its key', async () => {
    const brand = { id: '101', name: 'Northwind CRM' };
    const base = {
      brand,
      market: null,
      engine: null,
      before: 'recommended',
      after: 'absent',
      delta: null,
      points: null,
      endpoint: 'prompts',
      item: '',
      query: '',
    };
    const result: ChangesResult = {
      from: '2025-03-13',
      to: '2025-03-14',
      sinceFallback: false,
      changes: [
        {
          ...base,
          kind: 'answer_state',
          move: 'changed',
          news: 'loss',
          subject: 'q1',
          label: 'Best CRM for startups?',
          path: 'prompts[q1].engines.chatgpt.state',
        },
        { ...base, kind: 'competitor', move: 'appeared', news: 'rival', subject: 'Rival', label: null, path: 'competitors[Rival]', before: null, after: 0.1 },
      ],
      notCompared: [],
      compared: [],
    };
    const us = { brand, market: null } as ScopeReport;
    const html = await changes.render(result as never, { scope: us, fmt: formatsFor('en-US'), charts: new FakeCharts(), model: {} as never });
    expect(html.replace(/ data-label="[^"]*"/g, '')).toContain('<td>Best CRM for startups?</td>');
    expect(html).not.toContain('>q1<');
    expect(html.replace(/ data-label="[^"]*"/g, '')).toContain('<td><span class="url">Rival</span></td>');
  });

  it('an engine in a Move cell goes by the name the report gives it elsewhere, as in the Engine cell', async () => {
    const brand = { id: '101', name: 'Northwind CRM' };
    const base = { brand, market: null, engine: 'chatgpt', delta: null, points: null, endpoint: 'perception', item: '', query: '', label: null };
    const result: ChangesResult = {
      from: '2025-03-13',
      to: '2025-03-14',
      sinceFallback: false,
      changes: [
        { ...base, kind: 'other', move: 'changed', news: 'neutral', subject: 'leader', path: 'leader', before: 'chatgpt', after: 'gemini' },
        { ...base, kind: 'other', move: 'appeared', news: 'neutral', subject: 'engines[claude]', path: 'engines[claude]', before: null, after: 'claude' },
        { ...base, kind: 'other', move: 'changed', news: 'neutral', subject: 'note', path: 'note', before: 'plain text', after: 'other text' },
      ],
      notCompared: [],
      compared: [],
    };
    const engine = engineNames([
      {
        engines: [
          { engine: 'chatgpt', label: 'ChatGPT' },
          { engine: 'gemini', label: 'Gemini' },
          { engine: 'claude', label: 'Claude' },
        ],
      },
    ]);
    const ctx = { scope: { brand, market: null } as ScopeReport, fmt: formatsFor('en-US'), charts: new FakeCharts(), model: {} as never, engine };
    const html = await changes.render(result as never, ctx);
    const moves = [...html.matchAll(/<td[^>]*><span class="plain">([^<]*)<\/span><\/td><\/tr>/g)].map((m) => m[1]);
    expect(moves).toEqual(['ChatGPT → Gemini', 'appeared (Claude)', 'plain text → other text']);
    expect(html).not.toMatch(/chatgpt →|→ gemini|\(claude\)/);
  });

  it('nothing recorded, or one day only, says so', async () => {
    const ctx = { scope: {} as ScopeReport, fmt: formatsFor('en-US'), charts: new FakeCharts(), model: {} as never };
    const empty: ChangesResult = { from: null, to: null, sinceFallback: false, changes: [], notCompared: [], compared: [] };
    expect(await changes.render(empty as never, ctx)).toContain('Nothing recorded yet');
    expect(await changes.render({ ...empty, to: '2025-03-14' } as never, ctx)).toContain('only Mar 14, 2025 is recorded');
  });

  it('"No change" only when something of the scope was compared', async () => {
    const ctx = {
      scope: { brand: { id: '101', name: 'N' }, market: null } as ScopeReport,
      fmt: formatsFor('en-US'),
      charts: new FakeCharts(),
      model: {} as never,
    };
    const brand = { id: '101', name: 'N' };
    const base: ChangesResult = { from: '2025-03-13', to: '2025-03-14', sinceFallback: false, changes: [], notCompared: [], compared: [] };
    const other = { kind: 'topic' as const, brand: { id: '202', name: 'A' }, market: null, endpoint: 'topics' };
    const nothing = await changes.render({ ...base, compared: [other] } as never, ctx);
    expect(nothing).toContain('Nothing could be compared.');
    expect(nothing).not.toContain('No change');
    const some = await changes.render({ ...base, compared: [{ ...other, brand }] } as never, ctx);
    expect(some).toContain('No change above the threshold.');
    expect(changes.known({ ...base, compared: [{ kind: 'topic' }] })).toBe(false);
    expect(changes.known({ ...base, compared: undefined })).toBe(false);
  });

  it('a change of a shape not known makes the whole answer a plain table, not a wrong view', async () => {
    const result = await sampleChanges();
    expect(changes.known({ ...result, changes: [...result.changes, { kind: 'x', news: 'catastrophe' }] })).toBe(false);
    expect(changes.known({ ...result, notCompared: [{ kind: 'x' }] })).toBe(false);
    expect(changes.known({ ...result, to: 5 })).toBe(false);
    expect(changes.known([])).toBe(false);
  });
});

describe('each view knows its shape', () => {
  it.each(Object.entries(SECTION_VIEWS))('%s refuses what is not its shape', (_, view) => {
    for (const data of [null, 'text', 42, [], {}, { topics: 'no' }, { prompts: [{ prompt: 1 }] }]) expect(view.known(data), JSON.stringify(data)).toBe(false);
  });

  it('the fields a view knows are not listed as other fields; the rest are', () => {
    expect(otherFields({ a: 1, b: 2 }, ['a', 'b'])).toBe('');
    const html = otherFields({ a: 1, extra: { x: '<y>' } }, ['a']);
    expect(html).toContain('Other fields in the answer');
    expect(html).toContain('extra.x');
    expect(html).toContain('&lt;y&gt;');
    expect(html.replace(/ data-label="[^"]*"/g, '')).not.toContain('<td>a</td>');
  });

  it('a plain table links http(s) URLs and shows every other value as text', () => {
    const html = genericTable([{ url: 'https://example.com/x', bad: 'javascript:alert(1)', n: 3, ok: true, nothing: null }]);
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">https://example.com/x</a>');
    expect(html.replace(/ data-label="[^"]*"/g, '')).toContain('<td>javascript:alert(1)</td>');
    expect(html.replace(/ data-label="[^"]*"/g, '')).toContain('<td>3</td><td>true</td><td></td>');
  });
});

describe('the types a view reads its fields as', () => {
  it('a field held of its type, null or absent is read; one of another type is not; a non-object never', () => {
    const types = { n: 'number', s: 'string', b: 'boolean', w: 'strings', o: 'object' } as const;
    expect(typed({ n: 1, s: 'a', b: false, w: ['x'], o: {} }, types)).toBe(true);
    expect(typed({ n: null, s: null, b: null, w: null, o: null }, types)).toBe(true);
    expect(typed({}, types)).toBe(true);
    for (const bad of [{ n: '1' }, { s: 1 }, { b: 'yes' }, { w: 'x' }, { w: ['x', 1] }, { o: [] }, { o: 'x' }, { n: {} }])
      expect(typed(bad, types), JSON.stringify(bad)).toBe(false);
    for (const not of [null, [], 'x', 3]) expect(typed(not, {})).toBe(false);
  });

  it('a list is known when every record names the field as text and holds the others of their types', () => {
    expect(listOf({ l: [{ name: 'a', v: 1 }, { name: 'b' }] }, 'l', 'name', { v: 'number' })).toBe(true);
    expect(listOf({ l: [] }, 'l', 'name')).toBe(true);
    expect(listOf({ l: [{ name: 'a', v: '1' }] }, 'l', 'name', { v: 'number' })).toBe(false);
    expect(listOf({ l: [{ name: 1 }] }, 'l', 'name')).toBe(false);
    expect(listOf({ l: ['a'] }, 'l', 'name')).toBe(false);
    expect(listOf({ l: { name: 'a' } }, 'l', 'name')).toBe(false);
    expect(listOf([{ name: 'a' }], 'l', 'name')).toBe(false);
  });

  it('a window is its from and to, with its days when a whole number above zero', () => {
    expect(windowOf({ from: '2026-10-28', to: '2026-11-26', days: 30 })).toEqual({ from: '2026-10-28', to: '2026-11-26', days: 30 });
    for (const days of [0, -3, 2.5, '30', null, undefined]) expect(windowOf({ from: 'a', to: 'b', days })?.days, String(days)).toBeNull();
    expect(windowOf({ from: 'a', to: 'b', days: 1 })?.days).toBe(1);
    for (const w of [null, 'last week', [], { from: 'a' }, { to: 'b' }, { from: 1, to: 'b' }]) expect(windowOf(w), JSON.stringify(w)).toBeNull();
    const fmt = formatsFor('en-US');
    expect(spanText({ from: '2026-10-28', to: '2026-11-26', days: 30 }, fmt)).toBe('Oct 28, 2026 – Nov 26, 2026 (30 days)');
    expect(spanText({ from: '2026-11-26', to: '2026-11-26', days: 1 }, fmt)).toBe('Nov 26, 2026 – Nov 26, 2026 (1 day)');
    expect(spanText({ from: '2026-10-28', to: '2026-11-26', days: 30 }, fmt, false)).toBe('Oct 28, 2026 – Nov 26, 2026');
    expect(spanText({ from: 'soon', to: '2026-11-26', days: null }, fmt)).toBe('soon – Nov 26, 2026');
    expect(spanText({ from: '2026-10-28', to: '2026-11-26', days: 1000 }, formatsFor('de-DE'))).toBe('28.10.2026 – 26.11.2026 (1.000 days)');
  });
});

it('the model’s time is stamped in UTC', () => {
  expect(formatsFor('en-GB').time(MADE_AT)).toBe('14 Mar 2025, 12:00 UTC');
});

describe('fields inside records the view does not know', () => {
  const plainText = (h: string) =>
    h
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('names each record by its name field, a number as written, anything else left blank', () => {
    const data = { tasks: [{ id: 7, owner: 'Dana' }, { id: { n: 8 }, owner: 'Lee' }, { owner: 'Kim' }, { id: 9 }] };
    const out = otherRecordFields(data, { tasks: { name: 'id', known: ['id'] } });
    expect(plainText(out)).toBe('Other fields of each record in tasks id owner 7 Dana Lee Kim');
  });

  it('a list inside a record: its records named after the record holding them, each list its own table', () => {
    const data = {
      uncited: [
        { url: 'https://a.example/', tier: 1, cited_instead: [{ url: 'https://b.example/', domain: 'b.example', rank: 2 }] },
        { url: 'https://c.example/', cited_instead: [{ url: 'https://d.example/' }] },
      ],
    };
    const spec = { uncited: { name: 'url', known: ['url', 'cited_instead'], lists: { cited_instead: { name: 'url', known: ['url', 'domain'] } } } };
    const out = otherRecordFields(data, spec);
    expect(out.split('</div>\n<div class="other">')).toHaveLength(2);
    expect(plainText(out)).toBe(
      'Other fields of each record in uncited url tier https://a.example/ 1 Other fields of each record in uncited › cited_instead url rank https://a.example/ › https://b.example/ 2',
    );
  });

  it('nothing to list: the empty string', () => {
    expect(otherRecordFields({ topics: [{ name: 'a', visibility: 1 }], other: 1 }, { topics: { name: 'name', known: ['name', 'visibility'] } })).toBe('');
  });
});

describe('shares at either scale', () => {
  it.each([
    ['0–1 fractions are × 100', [0.31, 0.2, null], 0.31, 31],
    ['0–100 percentages as sent', [31, 0.2], 0.2, 0.2],
    ['a field not named a share as sent', [0.31], 0.31, 0.31],
  ])('%s', (_, values, v, expected) => {
    const name = _.startsWith('a field') ? 'score' : 'share_of_voice';
    expect(shareReader(name, values)(v)).toBeCloseTo(expected, 9);
    expect(shareReader(name, values)(null)).toBeNull();
  });
});
