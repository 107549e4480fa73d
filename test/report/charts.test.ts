/**
 * The report's charts (src/report/charts/): a trend, bars and stacked bars drawn to static
 * SVG by Vega, each with a text alternative built from the data. What a reader of the
 * report relies on: the figures and labels drawn, the brand's own bar told apart without
 * colour, a gap where a value is missing, escaped text from the API, the same bytes for
 * the same data, and an honest chart (and sentence) when there is nothing to draw.
 */
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { PHONE_CHART_WIDTH, type ChartKit, type ChartStack, type ChartValue, type DatedValue } from '../../src/domain/report.js';
import { createChartKit } from '../../src/report/charts/index.js';
import { drawChart } from '../../src/report/charts/kit.js';
import { barsPlan, MAX_BARS, OKABE_ITO, OWN_OUTLINE, partColours, stackedPlan, trendPlan, type ChartPlan } from '../../src/report/charts/specs.js';
import { svgProblem } from '../../src/report/charts/svg-safety.js';

const WEEKS = [
  '2026-09-03',
  '2026-09-10',
  '2026-09-17',
  '2026-09-24',
  '2026-10-01',
  '2026-10-08',
  '2026-10-15',
  '2026-10-22',
  '2026-10-29',
  '2026-11-05',
  '2026-11-12',
  '2026-11-19',
];
const SCORES = [34.9, 36.0, 33.2, null, 25.1, 27.5, 29.9, 31.0, 30.2, null, 29.1, 28.3];
const TREND: DatedValue[] = WEEKS.map((date, i) => ({ date, value: SCORES[i] ?? null }));
const TREND_O = { title: 'Visibility score', unit: 'score', locale: 'en-US' };
const RIVALS: ChartValue[] = [
  { label: 'Globex', value: 31.5 },
  { label: 'Acme', value: 25, own: true },
  { label: 'Initech', value: 12.25 },
  { label: 'Hooli', value: null },
  { label: 'Umbrella', value: 3 },
];
const BARS_O = { title: 'Share of voice', unit: '%', locale: 'en-US', accent: '#7b2cbf' };
const ENGINES: ChartStack[] = [
  {
    label: 'ChatGPT',
    parts: [
      { part: 'absent', value: 3 },
      { part: 'recommended', value: 12 },
      { part: 'mentioned', value: 5 },
    ],
  },
  {
    label: 'Gemini',
    parts: [
      { part: 'recommended', value: 2 },
      { part: 'mentioned', value: 9 },
      { part: 'absent', value: 7 },
    ],
  },
  { label: 'Perplexity', parts: [{ part: 'absent', value: 20 }] },
];
const STACKED_O = { title: 'Buyer questions by engine', order: ['recommended', 'mentioned', 'absent'], locale: 'en-US', unit: 'questions' };

const kit: Promise<ChartKit> = createChartKit();

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const decode = (s: string) => s.replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] as string);

/** The text drawn inside the group of class `cls` (the first such group), decoded. */
function texts(svg: string, cls = ''): string[] {
  const scope = cls === '' ? svg : groups(svg, cls).join('');
  return [...scope.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decode(m[1] as string));
}

/** Each bar's label as drawn, its lines (one tspan each when it wraps) joined by a newline, decoded. */
function barLabelLines(svg: string): string[] {
  const scope = groups(svg, 'mark-text role-axis-label').join('');
  return [...scope.matchAll(/<text[^>]*>(.*?)<\/text>/g)]
    .map((m) => {
      const inner = m[1] as string;
      const lines = inner.includes('<tspan') ? [...inner.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((t) => t[1] as string) : [inner];
      return lines.map(decode).join('\n');
    })
    .filter((l) => !/^-?[\d.,]+%?$/.test(l)); // the value axis's ticks
}

/** The inner markup of every mark group whose class starts with `cls` (mark groups hold no nested <g>). */
function groups(svg: string, cls: string): string[] {
  return [...svg.matchAll(new RegExp(`<g class="${cls}[^"]*"[^>]*>(.*?)</g>`, 'g'))].map((m) => m[1] as string);
}

/** Each element of a group as its attributes. */
function elements(markup: string): Record<string, string>[] {
  return [...markup.matchAll(/<(?:path|text)([^>]*)>/g)].map((m) =>
    Object.fromEntries([...(m[1] as string).matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

/** What a bar looks like with its colours taken away, as on a greyscale print. */
function inGrey(attributes: Record<string, string>): string {
  const { d: _d, fill: _fill, transform: _t, ...rest } = attributes;
  const stroke = rest.stroke === '#ffffff' || rest['stroke-width'] === '0' ? undefined : rest.stroke;
  return JSON.stringify({ ...rest, stroke: stroke === undefined ? 'none' : 'dark' });
}

async function plan(p: ChartPlan): Promise<{ svg: string; warnings: string[] }> {
  const warnings: string[] = [];
  const { svg } = await drawChart(p, warnings);
  return { svg, warnings };
}

describe('the trend', () => {
  it('is a line with a marker on each value, a gap where one is missing, dated axes and the figures in its text', async () => {
    const chart = await (await kit).trend(TREND, TREND_O);
    expect(chart.svg).toMatch(/^<svg [^>]*width="640"/);
    expect(svgProblem(chart.svg)).toBeNull();
    expect(chart.alt).toBe(
      'Visibility score over 12 weeks, from 34.9 on Sep 3, 2026 to 28.3 on Nov 19, 2026; lowest 25.1 (Oct 1, 2026), highest 36.0 (Sep 10, 2026). No value on 2 dates.',
    );
    const [line] = groups(chart.svg, 'mark-line role-mark');
    // Three runs of the line (broken at the two missing weeks), never a drop to zero.
    const path = elements(line as string)[0]?.d as string;
    expect(path.match(/M/g)).toHaveLength(3);
    expect(elements(groups(chart.svg, 'mark-symbol role-mark')[0] as string)).toHaveLength(10);
    expect(texts(chart.svg, 'mark-text role-title-text')).toEqual(['Visibility score']);
    expect(texts(chart.svg, 'mark-text role-axis-title')).toEqual(['Date', 'Visibility score']);
    expect(texts(chart.svg, 'mark-text role-axis-label')).toEqual(expect.arrayContaining(['Sep 6', 'Oct 4', 'Nov 15', '26', '36']));
    expect(texts(chart.svg, 'mark-text role-axis-label')).not.toContain('0');
  });

  it('writes numbers and dates for the locale, in its order', async () => {
    const chart = await (await kit).trend(TREND, { ...TREND_O, locale: 'de-DE' });
    expect(chart.alt).toBe(
      'Visibility score over 12 weeks, from 34,9 on 03.09.2026 to 28,3 on 19.11.2026; lowest 25,1 (01.10.2026), highest 36,0 (10.09.2026). No value on 2 dates.',
    );
    expect(texts(chart.svg, 'mark-text role-axis-label')).toEqual(expect.arrayContaining(['6. Sept.', '4. Okt.']));
    const percent = await (
      await kit
    ).trend(
      [
        { date: '2026-01-05', value: 1234.5 },
        { date: '2026-01-12', value: 1500 },
      ],
      { title: 'AI visits', unit: 'sessions', locale: 'de-DE' },
    );
    expect(percent.alt).toContain('from 1.234,5 on 05.01.2026 to 1.500,0 on 12.01.2026');
    expect(texts(percent.svg, 'mark-text role-axis-label')).toContain('1.300');
    expect(texts(percent.svg, 'mark-text role-axis-title')).toContain('AI visits (sessions)');
  });

  it('dates a year or more by month and year', async () => {
    const days = Array.from({ length: 14 }, (_, i) => ({ date: new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 10), value: 10 + i }));
    const chart = await (await kit).trend(days, TREND_O);
    expect(texts(chart.svg, 'mark-text role-axis-label')).toEqual(expect.arrayContaining(['Apr 2025', 'Jan 2026']));
    expect(chart.alt).toBe('Visibility score over 14 dates, from 10 on Jan 1, 2025 to 23 on Feb 1, 2026; lowest 10 (Jan 1, 2025), highest 23 (Feb 1, 2026).');
  });

  it('shows one value as a marker over a week, and says it is the only one', async () => {
    const chart = await (await kit).trend([{ date: '2026-11-19', value: 28.3 }], TREND_O);
    expect(chart.alt).toBe('Visibility score: 28.3 on Nov 19, 2026, the only value measured.');
    expect(elements(groups(chart.svg, 'mark-symbol role-mark')[0] as string)).toHaveLength(1);
    expect(texts(chart.svg, 'mark-text role-axis-label')).toContain('Nov 19');
  });

  it('draws a value between two gaps as its marker alone', async () => {
    const chart = await (
      await kit
    ).trend(
      [
        { date: '2026-11-05', value: null },
        { date: '2026-11-12', value: 30 },
        { date: '2026-11-19', value: null },
      ],
      TREND_O,
    );
    expect(elements(groups(chart.svg, 'mark-symbol role-mark')[0] as string)).toHaveLength(1);
    expect(chart.alt).toBe('Visibility score: 30 on Nov 12, 2026, the only value measured.');
  });

  it('says so when there is nothing to draw', async () => {
    const none = await (await kit).trend([], TREND_O);
    expect(none.alt).toBe('Visibility score: no data for this period.');
    expect(texts(none.svg)).toEqual(['No data for this period', 'Visibility score']);
    expect(svgProblem(none.svg)).toBeNull();
    const nulls = await (
      await kit
    ).trend(
      WEEKS.slice(0, 3).map((date) => ({ date, value: null })),
      TREND_O,
    );
    expect(nulls.alt).toBe('Visibility score: no value measured on the 3 dates from Sep 3, 2026 to Sep 17, 2026.');
    expect(texts(nulls.svg)).toEqual(['No value measured in this period', 'Visibility score']);
    const one = await (await kit).trend([{ date: '2026-09-03', value: Number.NaN }], TREND_O);
    expect(one.alt).toBe('Visibility score: no value measured on Sep 3, 2026.');
  });

  it('leaves out a date it cannot read', async () => {
    const chart = await (await kit).trend([{ date: 'soon', value: 3 }, ...TREND.slice(0, 2)], TREND_O);
    expect(chart.alt).toBe(
      'Visibility score over 2 weeks, from 34.9 on Sep 3, 2026 to 36.0 on Sep 10, 2026; lowest 34.9 (Sep 3, 2026), highest 36.0 (Sep 10, 2026).',
    );
  });
});

describe('the bars', () => {
  it('are drawn in the order given, each with its value, and listed the same in the text', async () => {
    const chart = await (await kit).bars(RIVALS, BARS_O);
    expect(chart.svg).toMatch(/^<svg [^>]*width="640"/);
    expect(chart.alt).toBe('Share of voice, largest first: Globex 31.5%, Acme 25.0% (this brand), Initech 12.3%, Hooli no value, Umbrella 3.0%.');
    expect(texts(chart.svg, 'mark-text role-axis-label').slice(-5)).toEqual(['Globex', 'Acme', 'Initech', 'Hooli', 'Umbrella']);
    expect(texts(chart.svg, 'mark-text role-mark')).toEqual(['31.5%', '12.3%', 'no value', '3.0%', '25.0%']);
    expect(texts(chart.svg)).toContain('Share of voice (%)');
  });

  it("mark the brand's own bar in a way that survives greyscale: outline and bold value, besides the accent", async () => {
    const chart = await (await kit).bars(RIVALS, BARS_O);
    const bars = elements(groups(chart.svg, 'mark-rect role-mark')[0] as string);
    expect(bars).toHaveLength(5);
    expect(bars.map((b) => b.fill)).toEqual([OKABE_ITO.blue, '#7b2cbf', OKABE_ITO.blue, OKABE_ITO.blue, OKABE_ITO.blue]);
    expect(bars[1]).toMatchObject({ stroke: OWN_OUTLINE, 'stroke-width': '2.5' });
    const grey = bars.map(inGrey);
    expect(new Set(grey).size).toBe(2);
    expect(grey.filter((g) => g === grey[1])).toHaveLength(1);
    const values = elements(groups(chart.svg, 'mark-text role-mark').join(''));
    expect(values.filter((v) => v['font-weight'] === 'bold')).toHaveLength(1);
    expect(texts(groups(chart.svg, 'mark-text role-mark')[1] as string)).toEqual(['25.0%']);
    // An accent the same as the other bars' colour still leaves the outline.
    const same = elements(groups((await (await kit).bars(RIVALS, { ...BARS_O, accent: OKABE_ITO.blue })).svg, 'mark-rect role-mark')[0] as string);
    expect(new Set(same.map(inGrey)).size).toBe(2);
  });

  it('keep the largest of too many, the brand among them, and say how many were left out', async () => {
    const many: ChartValue[] = Array.from({ length: 200 }, (_, i) => ({ label: `Rival ${i + 1}`, value: 200 - i, own: i === 150 }));
    const chart = await (await kit).bars(many, BARS_O);
    const bars = elements(groups(chart.svg, 'mark-rect role-mark')[0] as string);
    expect(bars).toHaveLength(MAX_BARS);
    expect(texts(chart.svg, 'mark-text role-axis-label').slice(-2)).toEqual(['Rival 19', 'Rival 151']);
    expect(chart.alt).toMatch(
      /^Share of voice, largest first: Rival 1 200%, Rival 2 199%, .*, Rival 19 182%, Rival 151 50% \(this brand\)\. 180 more not shown, all smaller\.$/,
    );
    const withoutOwn = await (
      await kit
    ).bars(
      many.map((v) => ({ ...v, own: false })),
      BARS_O,
    );
    expect(texts(withoutOwn.svg, 'mark-text role-axis-label').slice(-1)).toEqual(['Rival 20']);
  });

  it('write a negative value beside its bar, never over it: every value starts right of its bar and of zero', async () => {
    const chart = await (
      await kit
    ).bars(
      [
        { label: 'Pipewell', value: 12.5 },
        { label: 'Acme', value: -4.2, own: true },
        { label: 'Globex', value: -30.1 },
        { label: 'Hooli', value: 0.4 },
      ],
      { ...BARS_O, title: 'Change', unit: 'points' },
    );
    const rects = [...(groups(chart.svg, 'mark-rect role-mark')[0] as string).matchAll(/<path d="M([-\d.]+),([-\d.]+)h([-\d.]+)v/g)].map((m) => ({
      left: Number(m[1]),
      right: Number(m[1]) + Number(m[3]),
      top: Number(m[2]),
    }));
    expect(rects).toHaveLength(4);
    const zero = rects[0]!.left;
    const labels = [
      ...groups(chart.svg, 'mark-text role-mark')
        .join('')
        .matchAll(/<text text-anchor="start" transform="translate\(([-\d.]+),([-\d.]+)\)"[^>]*>([^<]*)</g),
    ].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3] }));
    expect(labels.map((l) => l.text).sort()).toEqual(['-30.1', '-4.2', '0.4', '12.5']);
    for (const label of labels) {
      const bar = rects.find((r) => label.y > r.top && label.y < r.top + 19.8)!;
      expect(label.x, label.text).toBeGreaterThan(Math.max(bar.right, bar.left));
      expect(label.x, label.text).toBeGreaterThan(zero);
    }
  });

  it('given weakest first, say so: the text reads the bars in the order they are drawn', async () => {
    const weakest = [
      { label: 'Pricing', value: 12.5 },
      { label: 'Support', value: 30 },
      { label: 'Security', value: 61.2 },
      { label: 'New topic', value: null },
    ];
    const chart = await (await kit).bars(weakest, { ...BARS_O, title: 'Visibility per topic', unit: 'score', order: 'smallest first' });
    expect(chart.alt).toBe('Visibility per topic, smallest first: Pricing 12.5, Support 30.0, Security 61.2, New topic no value.');
    expect(texts(chart.svg, 'mark-text role-axis-label').slice(-4)).toEqual(['Pricing', 'Support', 'Security', 'New topic']);
    const many: ChartValue[] = Array.from({ length: MAX_BARS + 3 }, (_, i) => ({ label: `Topic ${i + 1}`, value: i }));
    expect((await (await kit).bars(many, { ...BARS_O, order: 'smallest first' })).alt).toMatch(
      /^Share of voice, smallest first: .* 3 more not shown, all larger\.$/,
    );
    const unmeasured = [...many.slice(0, MAX_BARS + 1), { label: 'Later', value: null }];
    expect((await (await kit).bars(unmeasured, { ...BARS_O, order: 'smallest first' })).alt).toMatch(/ 2 more not shown\.$/);
    // Only what is left out decides: a bar without a value among those shown changes nothing.
    const shownUnmeasured = [{ label: 'First', value: null }, ...many];
    expect((await (await kit).bars(shownUnmeasured, { ...BARS_O, order: 'smallest first' })).alt).toMatch(/ 4 more not shown, all larger\.$/);
  });

  it('wrap a long label at spaces in the chart only, each band tall enough for its lines, and keep two that wrap alike apart', async () => {
    const long = 'Acme Corporation International Holdings Limited';
    const chart = await (
      await kit
    ).bars(
      [
        { label: `${long} North`, value: 4 },
        { label: `${long} South`, value: 3 },
        { label: 'Online payments for small businesses', value: 2 },
        { label: 'Acme', value: 2 },
        { label: 'Acme', value: 1 },
      ],
      BARS_O,
    );
    expect(barLabelLines(chart.svg)).toEqual([
      'Acme Corporation\nInternational Holdings\nLimited North',
      'Acme Corporation\nInternational Holdings\nLimited South',
      'Online payments for small\nbusinesses',
      'Acme',
      'Acme (2)',
    ]);
    expect(chart.svg).not.toContain('…');
    // Three lines of 13 px and a gap: no label runs into the next band's.
    const tops = [...groups(chart.svg, 'mark-rect role-mark')[0]!.matchAll(/d="M[\d.]+,([\d.]+)h/g)].map((m) => Number(m[1]));
    expect(tops[1]! - tops[0]!).toBeGreaterThanOrEqual(3 * 13);
    expect(elements(groups(chart.svg, 'mark-rect role-mark')[0] as string)).toHaveLength(5);
    expect(chart.alt).toContain(`${long} North 4%, ${long} South 3%, Online payments for small businesses 2%`);
  });

  it('cut a single word too long for a line, and only that word', async () => {
    const { svg } = await plan(barsPlan([{ label: 'Supercalifragilisticexpialidocious payments', value: 2 }], BARS_O));
    expect(barLabelLines(svg)).toEqual(['Supercalifragilisticexpiali…\npayments']);
  });

  it('say so when there is nothing to draw, or one bar', async () => {
    expect((await (await kit).bars([], BARS_O)).alt).toBe('Share of voice: no data for this period.');
    const nulls = await (
      await kit
    ).bars(
      [
        { label: 'A', value: null },
        { label: 'B', value: Number.POSITIVE_INFINITY },
      ],
      BARS_O,
    );
    expect(nulls.alt).toBe('Share of voice: no value measured for 2 entries.');
    expect(texts(nulls.svg)).toEqual(['No value measured in this period', 'Share of voice']);
    expect((await (await kit).bars([{ label: 'A', value: null }], BARS_O)).alt).toBe('Share of voice: no value measured for 1 entry.');
    const one = await (await kit).bars([{ label: 'Acme', value: 41.2, own: true }], { ...BARS_O, title: 'Topic visibility', unit: 'score' });
    expect(one.alt).toBe('Topic visibility, one entry: Acme 41.2 (this brand).');
    expect(texts(one.svg)).toContain('Topic visibility (score)');
  });
});

describe('the stacked bars', () => {
  it("stack each engine's parts in the order given, best first, with their counts in place and in the legend", async () => {
    const chart = await (await kit).stacked(ENGINES, STACKED_O);
    expect(chart.alt).toBe(
      'Buyer questions by engine: ChatGPT 20 (recommended 12, mentioned 5, absent 3); Gemini 18 (recommended 2, mentioned 9, absent 7); Perplexity 20 (absent 20). In all: recommended 14, mentioned 14, absent 30.',
    );
    const segments = elements(groups(chart.svg, 'mark-rect role-mark')[0] as string);
    const [green, , vermillion] = partColours(3);
    expect(segments.map((s) => s.fill)).toEqual([green, OKABE_ITO.skyBlue, vermillion, green, OKABE_ITO.skyBlue, vermillion, vermillion]);
    // Left to right within a stack.
    const starts = segments.slice(0, 3).map((s) => Number(/^M([\d.]+),/.exec(s.d as string)?.[1]));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(texts(chart.svg, 'mark-text role-mark')).toEqual(['12', '5', '3', '2', '9', '7', '20']);
    expect(texts(chart.svg, 'mark-text role-legend-label')).toEqual(['recommended (14)', 'mentioned (14)', 'absent (30)']);
    expect(texts(chart.svg, 'mark-text role-axis-title')).toEqual(['Buyer questions by engine']);
  });

  it('list parts the order does not name after it, and keep a part of none in the legend', async () => {
    const chart = await (
      await kit
    ).stacked(
      [
        {
          label: 'ChatGPT',
          parts: [
            { part: 'cited', value: 4 },
            { part: 'recommended', value: 1 },
            { part: 'cited', value: 1 },
          ],
        },
      ],
      { ...STACKED_O, unit: undefined },
    );
    expect(texts(chart.svg, 'mark-text role-legend-label')).toEqual(['recommended (1)', 'mentioned (0)', 'absent (0)', 'cited (5)']);
    expect(chart.alt).toBe('Buyer questions by engine: ChatGPT 6 (recommended 1, cited 5).');
    expect(texts(chart.svg)).toContain('Buyer questions by engine (count)');
  });

  it('leave out a count too small to fit its segment, which the text still gives', async () => {
    const chart = await (
      await kit
    ).stacked(
      [
        {
          label: 'ChatGPT',
          parts: [
            { part: 'recommended', value: 1000 },
            { part: 'absent', value: 1 },
          ],
        },
      ],
      STACKED_O,
    );
    expect(texts(chart.svg, 'mark-text role-mark')).toEqual(['1,000']);
    expect(chart.alt).toBe('Buyer questions by engine: ChatGPT 1,001 (recommended 1,000, absent 1).');
  });

  it('say so when there is nothing to draw', async () => {
    expect((await (await kit).stacked([], STACKED_O)).alt).toBe('Buyer questions by engine: no data for this period.');
    const zeros = await (await kit).stacked([{ label: 'ChatGPT', parts: [{ part: 'absent', value: 0 }] }], STACKED_O);
    expect(zeros.alt).toBe('Buyer questions by engine: no data for this period.');
  });

  it('keep the first of too many stacks, and say how many were left out', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ label: `Engine ${i + 1}`, parts: [{ part: 'absent', value: 1 }] }));
    const chart = await (await kit).stacked(many, STACKED_O);
    expect(elements(groups(chart.svg, 'mark-rect role-mark')[0] as string)).toHaveLength(20);
    expect(chart.alt).toMatch(/ In all: recommended 0, mentioned 0, absent 20\. 5 more not shown\.$/);
  });
});

describe('text from the API', () => {
  const HOSTILE = [
    'HOSTILE<script>alert(1)</script>',
    'HOSTILE"><img src=x onerror=alert(1)>',
    "HOSTILE'); alert(1); ('",
    'HOSTILE</text></svg><script>x</script>',
    'HOSTILE" + alert(1) + "',
    'HOSTILE\u202egnp.exe',
    'HOSTILE\u001b[31mred\u0000',
    'HOSTILE{{datum.x}} ${x} &amp; &',
  ];
  const hostileValues: ChartValue[] = HOSTILE.map((label, i) => ({ label, value: 10 - i, own: i === 1 }));
  const hostileStacks: ChartStack[] = HOSTILE.map((label) => ({ label, parts: HOSTILE.map((part, i) => ({ part, value: i + 1 })) }));
  const title = 'HOSTILE title <script>x</script> "q"';
  const plans = {
    trend: trendPlan(TREND, { ...TREND_O, title, unit: 'HOSTILE unit <b>"' }),
    bars: barsPlan(hostileValues, { ...BARS_O, title, unit: 'HOSTILE "unit"' }),
    stacked: stackedPlan(hostileStacks, { ...STACKED_O, title, order: [HOSTILE[0] as string] }),
  };

  it.each(Object.entries(plans))('is drawn as escaped text in the %s, never as markup', async (_name, p) => {
    const { svg } = await drawChart(p);
    expect(svgProblem(svg)).toBeNull();
    expect(svg).not.toMatch(/<script|<img|<[^>]*\son\w+=|href=|\u202e|\u001b|\u0000/i);
    expect(svg).toContain('HOSTILE');
    const drawn = texts(svg).join('\n');
    expect(drawn).toContain('HOSTILE title <script>x</script> "q"');
    expect(svg).toContain('HOSTILE title &lt;script&gt;x&lt;/script&gt; "q"');
  });

  it('is shown in full in the bars and in the text alternative, controls made visible', async () => {
    const { svg } = await drawChart(plans.bars);
    expect(barLabelLines(svg)).toEqual(
      expect.arrayContaining(['HOSTILE<script>alert(1)</sc…', 'HOSTILE"><img src=x\nonerror=alert(1)>', 'HOSTILE\\u202egnp.exe', 'HOSTILEred\\x00']),
    );
    expect(plans.bars.alt).toContain('HOSTILE<script>alert(1)</script> 10');
    expect(plans.bars.alt).toContain('HOSTILE"><img src=x onerror=alert(1)> 9 (this brand)');
    expect(plans.bars.alt).toContain('HOSTILE\\u202egnp.exe 5, HOSTILEred\\x00 4');
    expect(plans.bars.alt).not.toMatch(/\u202e|\u001b|\u0000/);
  });

  it.each(Object.entries(plans))('never reaches an expression Vega evaluates in the %s', (_name, p) => {
    const { spec } = compile(p.spec);
    const expressions: string[] = [];
    const data: string[] = [];
    const walk = (node: unknown, key: string): void => {
      if (typeof node === 'string')
        (['signal', 'expr', 'update', 'test', 'labelExpr', 'init', 'filter', 'calculate'].includes(key) ? expressions : data).push(node);
      else if (Array.isArray(node)) for (const item of node) walk(item, key);
      else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
    };
    walk(spec, '');
    expect(expressions.length).toBeGreaterThan(0);
    expect(expressions.filter((e) => e.includes('HOSTILE'))).toEqual([]);
    expect(data.some((d) => d.includes('HOSTILE'))).toBe(true);
  });
});

describe('every chart', () => {
  const all: Record<string, ChartPlan> = {
    trend: trendPlan(TREND, TREND_O),
    'long trend': trendPlan(
      Array.from({ length: 400 }, (_, i) => ({
        date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
        value: i % 7 === 0 ? null : 20 + (i % 13),
      })),
      TREND_O,
    ),
    'one point': trendPlan([{ date: '2026-11-19', value: 28.3 }], TREND_O),
    bars: barsPlan(RIVALS, BARS_O),
    'negative bars': barsPlan(
      [
        { label: 'up', value: 4.5 },
        { label: 'down', value: -3.2, own: true },
      ],
      { ...BARS_O, unit: 'points' },
    ),
    stacked: stackedPlan(ENGINES, STACKED_O),
    empty: trendPlan([], TREND_O),
  };

  it.each(Object.entries(all))('draws the %s with no warning from Vega, 640 wide, static and with no id to clash with another chart', async (_name, p) => {
    const { svg, warnings } = await plan(p);
    expect(warnings).toEqual([]);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink" version="1\.1" class="marks" width="640" height="\d+" viewBox="0 0 640 \d+">/,
    );
    expect(svgProblem(svg)).toBeNull();
    expect(svg).not.toMatch(/\sid="/);
  });

  it('is the same bytes for the same data, whatever was drawn before', async () => {
    const k = await kit;
    const first = await k.bars(RIVALS, BARS_O);
    await k.trend(TREND, { ...TREND_O, locale: 'ar-EG' });
    await k.stacked(ENGINES, { ...STACKED_O, locale: 'hi-IN' });
    const again = await (await createChartKit()).bars(RIVALS, BARS_O);
    expect(again).toEqual(first);
    expect((await k.trend(TREND, TREND_O)).svg).toBe((await k.trend(TREND, TREND_O)).svg);
  });

  it('refuses to load anything from outside', async () => {
    const p = barsPlan(RIVALS, BARS_O);
    const spec = { ...p.spec, data: { url: 'https://x.example/data.json' } } as ChartPlan['spec'];
    await expect(drawChart({ spec, alt: '' })).rejects.toThrow(
      'a report chart asked to load "https://x.example/data.json": charts are drawn from their own data only',
    );
  });
});

describe('a phone’s drawing', () => {
  const svgWidth = (svg: string) => Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
  const fontSizes = (svg: string) => [...svg.matchAll(/font-size="([\d.]+)px"/g)].map((m) => Number(m[1]));

  it('is as wide as asked, no wider, its text as large as the page’s drawing’s: nothing to shrink on a phone', async () => {
    const long: ChartValue[] = [...RIVALS, { label: 'A topic with a name much longer than a phone has room for', value: 20 }];
    for (const p of [
      trendPlan(TREND, { ...TREND_O, width: PHONE_CHART_WIDTH }),
      barsPlan(long, { ...BARS_O, width: PHONE_CHART_WIDTH }),
      stackedPlan(ENGINES, { ...STACKED_O, width: PHONE_CHART_WIDTH }),
    ]) {
      const { svg, warnings } = await plan(p);
      expect(warnings).toEqual([]);
      expect(svgWidth(svg)).toBeLessThanOrEqual(PHONE_CHART_WIDTH);
      expect(Math.min(...fontSizes(svg))).toBeGreaterThanOrEqual(11);
    }
    // The page's drawing keeps its width.
    expect(svgWidth((await plan(trendPlan(TREND, TREND_O))).svg)).toBeGreaterThan(600);
  });

  it('wraps a bar’s label shorter, at spaces, so the bars keep room; the text alternative keeps it whole', async () => {
    const long: ChartValue[] = [{ label: 'Reporting and dashboards for sales managers', value: 20 }];
    const { svg } = await plan(barsPlan(long, { ...BARS_O, width: PHONE_CHART_WIDTH }));
    expect(barLabelLines(svg)).toEqual(['Reporting and\ndashboards for sales\nmanagers']);
    const stacked = await plan(
      stackedPlan([{ label: 'In-person card readers', parts: [{ part: 'a', value: 1 }] }], { ...STACKED_O, width: PHONE_CHART_WIDTH }),
    );
    expect(barLabelLines(stacked.svg)).toEqual(['In-person card\nreaders']);
    expect(barsPlan(long, { ...BARS_O, width: PHONE_CHART_WIDTH }).alt).toContain('Reporting and dashboards for sales managers');
  });
});
