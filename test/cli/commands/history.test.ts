/**
 * `vis history <data command>`: the command line parsed as the data command parses it
 * (buildProgram's runF seam), then the recorded series read from an in-memory history
 * (FakeHistory): the rows per day in every format, the flags picking the recorded query,
 * the brand and market picked among those recorded, the days, the empty history, and
 * never a request.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import type { ParsedOptions } from '../../../src/cli/declare.js';
import { historySeries } from '../../../src/cli/commands/history/run.js';
import type { HistorySeriesOptions } from '../../../src/cli/commands/history/parse.js';
import { filedQuery } from '../../../src/history/identity.js';

const recordedQuery = (spec: Parameters<typeof filedQuery>[0], pairs: ReadonlyArray<readonly [string, string]>) => filedQuery(spec, pairs).query;
import { endpointById, type EndpointId } from '../../../src/endpoints.js';
import { exitCodeFor, UsageError } from '../../../src/errors.js';
import type { RecordedAnswer } from '../../../src/history/types.js';
import { testContext, testIO, type TestIOOptions } from '../../support/context.js';
import { FakeHistory } from '../../support/fake-history.js';
import { spyOn } from '../../support/commands.js';
import { FAKE_BASE_URL, FakeApi, ok } from '../../support/http.js';

const API = FAKE_BASE_URL;
const NAMES = { brands: { '12': 'Northwind CRM', '14': 'Acme Ltd' }, markets: { 'GB-en': 'United Kingdom', 'US-en': 'United States' } };

function topic(id: string, name: string, visibility: number | null) {
  return { id, name, visibility, change: null, rank: 1, share_of_voice: 10, rivals: ['Acme', 'Zenith'], questions: 3 };
}

function body(data: unknown, brand = '12', market = 'GB-en'): string {
  return JSON.stringify({ data, meta: { brand: { id: Number(brand), name: NAMES.brands[brand as '12'] }, market: { code: market } } });
}

function answer(day: string, endpoint: EndpointId, raw: string, o: Partial<RecordedAnswer> = {}): RecordedAnswer {
  return { api: API, brandId: '12', market: 'GB-en', endpoint, item: '', query: '', day, fetchedAt: Date.parse(`${day}T04:00:00Z`), raw, ...o };
}

const period = (day: string) => ({ from: day, to: day, days: 7 });

const TOPIC_DAYS: Array<[string, ReturnType<typeof topic>[]]> = [
  ['2026-11-20', [topic('t-1', 'CRM for startups', 40), topic('t-2', 'Sales pipeline', 20)]],
  ['2026-11-21', [topic('t-1', 'CRM for startups', 45), topic('t-2', 'Sales pipeline', 18)]],
  ['2026-11-22', [topic('t-1', 'CRM for startups', 52.5), topic('t-3', 'Lead scoring', 7)]],
];

function topicsHistory(extra: RecordedAnswer[] = []): FakeHistory {
  return new FakeHistory([...TOPIC_DAYS.map(([day, topics]) => answer(day, 'topics', body({ period: period(day), topics }))), ...extra], NAMES);
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  requests: number;
  /** The sandbox, transport or config writes the run opened: none, ever. */
  touched: string[];
  options?: HistorySeriesOptions;
}

/** The command line parsed, then the series read from `history`: what `vis` would print and exit with. */
async function history(
  argv: string[],
  fake: FakeHistory,
  o: { env?: Record<string, string | undefined>; io?: TestIOOptions; stub?: (api: FakeApi) => void; sandbox?: boolean } = {},
): Promise<Outcome> {
  const home = mkdtempSync(join(tmpdir(), 'vis-history-'));
  const base: Record<string, string | undefined> = { VIS_BASE_URL: API, VIS_CONFIG_DIR: join(home, 'config'), HOME: home, NO_COLOR: '1', ...o.env };
  const env = Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
  const api = new FakeApi();
  o.stub?.(api);
  const io = testIO(o.io);
  // sandbox: --demo's own in-process sandbox answers, through vis's transport on loopback.
  const ctx = testContext({ env, io, overrides: o.sandbox === true ? {} : { transport: api.transport } });
  const touched = spyOn(ctx);
  let options: HistorySeriesOptions | undefined;
  let code = 0;
  try {
    const program = buildProgram(ctx, ['history', ...argv], (parsed: ParsedOptions) => {
      options = parsed as HistorySeriesOptions;
    });
    const quiet = { writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined };
    const all = (c: typeof program): (typeof program)[] => [c, ...c.commands.flatMap(all)];
    for (const c of all(program)) c.configureOutput(quiet);
    await program.parseAsync(['history', ...argv], { from: 'user' });
    if (options) await historySeries(options, ctx, fake);
  } catch (err) {
    code = exitCodeFor(err);
    io.stderr.write(`${(err as Error).message}\n${(err as { hint?: string }).hint ?? ''}`);
  }
  return { code, stdout: io.out(), stderr: io.err(), requests: api.requests.length, touched, options };
}

const csvRows = (text: string) => text.trimEnd().split('\r\n');

describe('vis history <data command>: the rows per day', () => {
  it('csv: the day first, then the columns of vis topics --format csv, one row per topic per day, oldest first', async () => {
    const r = await history(['topics', '--format', 'csv'], topicsHistory());
    expect(r.code).toBe(0);
    expect(r.requests).toBe(0);
    expect(r.touched).toEqual([]);
    const rows = csvRows(r.stdout);
    expect(rows[0]).toBe('day,id,name,visibility,change,rank,share_of_voice,rivals,questions,period_from,period_to');
    expect(rows.slice(1)).toEqual([
      '2026-11-20,t-1,CRM for startups,40,,1,10,"Acme; Zenith",3,2026-11-20,2026-11-20',
      '2026-11-20,t-2,Sales pipeline,20,,1,10,"Acme; Zenith",3,2026-11-20,2026-11-20',
      '2026-11-21,t-1,CRM for startups,45,,1,10,"Acme; Zenith",3,2026-11-21,2026-11-21',
      '2026-11-21,t-2,Sales pipeline,18,,1,10,"Acme; Zenith",3,2026-11-21,2026-11-21',
      '2026-11-22,t-1,CRM for startups,52.5,,1,10,"Acme; Zenith",3,2026-11-22,2026-11-22',
      '2026-11-22,t-3,Lead scoring,7,,1,10,"Acme; Zenith",3,2026-11-22,2026-11-22',
    ]);
    expect(r.stderr).toBe('');
  });

  it('csv: --columns picks among them, the day still first', async () => {
    const r = await history(['topics', '--format', 'csv', '--columns', 'name,visibility'], topicsHistory());
    expect(csvRows(r.stdout).slice(0, 2)).toEqual(['day,name,visibility', '2026-11-20,CRM for startups,40']);
    const bad = await history(['topics', '--format', 'csv', '--columns', 'nope'], topicsHistory());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--columns: unknown column "nope"');
  });

  it('csv: a column of the data named day keeps its values as `day (2)`', async () => {
    const fake = new FakeHistory([answer('2026-11-22', 'answers.history', body({ period: period('2026-11-22'), history: [{ day: 'Mon', rate: 5 }] }))], NAMES);
    const r = await history(['answers', 'history', '--format', 'csv'], fake);
    expect(csvRows(r.stdout)).toEqual(['day,rate,day (2),period_from,period_to', '2026-11-22,5,Mon,2026-11-22,2026-11-22']);
  });

  it('csv: a one-record answer is its figures per day', async () => {
    const fake = new FakeHistory(
      [
        answer('2026-11-21', 'overview', body({ period: period('2026-11-21'), visibility: { score: 40, change: 1 } })),
        answer('2026-11-22', 'overview', body({ period: period('2026-11-22'), visibility: { score: 44, change: 4 } })),
      ],
      NAMES,
    );
    const r = await history(['overview', '--format', 'csv'], fake);
    expect(csvRows(r.stdout)).toEqual([
      'day,key,value',
      '2026-11-21,period_from,2026-11-21',
      '2026-11-21,period_to,2026-11-21',
      '2026-11-21,period.days,7',
      '2026-11-21,visibility.score,40',
      '2026-11-21,visibility.change,1',
      '2026-11-22,period_from,2026-11-22',
      '2026-11-22,period_to,2026-11-22',
      '2026-11-22,period.days,7',
      '2026-11-22,visibility.score,44',
      '2026-11-22,visibility.change,4',
    ]);
  });

  it('csv: a column only a later day has is kept, empty on the days before', async () => {
    const fake = new FakeHistory(
      [
        answer('2026-11-21', 'technical', body({ issues: [{ id: 'i-1', title: 'robots' }] }), { market: '' }),
        answer('2026-11-22', 'technical', body({ issues: [{ id: 'i-1', title: 'robots', fixed: true }] }), { market: '' }),
      ],
      NAMES,
    );
    const r = await history(['technical', '--format', 'csv'], fake);
    expect(csvRows(r.stdout)[0]!.startsWith('day,')).toBe(true);
    expect(csvRows(r.stdout)[0]!.endsWith(',fixed')).toBe(true);
    expect(csvRows(r.stdout)[1]!.endsWith(',')).toBe(true);
    expect(csvRows(r.stdout)[2]!.endsWith(',true')).toBe(true);
  });

  it('json: vis’s own document, each day’s data and meta as received, numbers as sent', async () => {
    const raw =
      '{"data":{"period":{"from":"2026-11-22","to":"2026-11-22","days":7},"topics":[{"id":"t-1","name":"CRM","visibility":41.80}]},"meta":{"brand":{"id":12}}}';
    const fake = new FakeHistory([answer('2026-11-22', 'topics', raw)], NAMES);
    const r = await history(['topics', '--format', 'json', '--since', '2026-11-01'], fake);
    expect(r.stdout).toContain('"visibility": 41.80');
    const doc = JSON.parse(r.stdout) as unknown;
    expect(doc).toEqual({
      data: {
        days: [
          {
            day: '2026-11-22',
            fetched_at: '2026-11-22T04:00:00.000Z',
            data: { period: { from: '2026-11-22', to: '2026-11-22', days: 7 }, topics: [{ id: 't-1', name: 'CRM', visibility: 41.8 }] },
            meta: { brand: { id: 12 } },
          },
        ],
      },
      meta: {
        api: API,
        brand: { id: '12', name: 'Northwind CRM' },
        market: { code: 'GB-en', label: 'United Kingdom' },
        endpoint: 'topics',
        item: '',
        query: '',
        since: '2026-11-01',
        until: null,
      },
    });
  });

  it('a piped table: the same rows, tab-separated, day first', async () => {
    const r = await history(['topics', '--columns', 'name,visibility'], topicsHistory());
    expect(r.stdout.split('\n')[0]).toMatch(/^day\s+name\s+visibility$/);
    expect(r.stdout.split('\n')[1]).toMatch(/^2026-11-20\s+CRM for startups\s+40$/);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(7);
  });

  it('on a terminal: the key figure per topic across the days', async () => {
    const r = await history(['topics'], topicsHistory(), { io: { stdoutIsTTY: true, stderrIsTTY: true, columns: 80 } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Visibility per topic');
    expect(r.stdout).toMatch(/CRM for startups\s+▁▄█\s+40\.0\s+52\.5\s+▲ 12\.5/);
    expect(r.stdout).toMatch(/Lead scoring\s+ {2}▄\s+7\.0\s+7\.0\s+–/);
  });

  it('on a terminal, a command without a key figure: the day-first table', async () => {
    const fake = new FakeHistory(
      [answer('2026-11-22', 'sources', body({ period: period('2026-11-22'), sources: [{ domain: 'example.com', citations: 4 }] }))],
      NAMES,
    );
    const r = await history(['sources'], fake, { io: { stdoutIsTTY: true, columns: 80 } });
    expect(r.stdout).toMatch(/day\s+domain\s+citations/);
    expect(r.stdout).toMatch(/2026-11-22\s+example\.com\s+4/);
  });

  it('a recorded body that cannot be read back is left out, and said so', async () => {
    const fake = topicsHistory();
    fake.record(answer('2026-11-19', 'topics', 'not json'));
    fake.record(answer('2026-11-18', 'topics', '{"meta":{}}'));
    const r = await history(['topics', '--format', 'csv'], fake);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('vis history: 2026-11-19 left out: its recorded body is not JSON');
    expect(r.stderr).toContain('vis history: 2026-11-18 left out: its recorded body has no data');
    expect(csvRows(r.stdout)).toHaveLength(7);
  });
});

describe('vis history <data command>: the flags pick the recorded query', () => {
  const thirty = () =>
    topicsHistory([
      answer('2026-11-22', 'topics', body({ period: period('2026-11-22'), topics: [topic('t-9', 'Thirty days', 1)] }), { query: 'days=30' }),
      answer('2026-11-22', 'topics', body({ period: period('2026-11-22'), topics: [topic('t-8', 'US market', 2)] }), { market: 'US-en' }),
    ]);

  it.each([
    [['topics', '--market', 'GB-en'], ''],
    [['topics', '--days', '7', '--market', 'GB-en'], ''],
    [['topics', '--days', '30', '--market', 'GB-en'], 'days=30'],
    [['topics', '--from', '2026-11-01', '--to', '2026-11-07'], 'from=2026-11-01&to=2026-11-07'],
    [['topics', '--days', '7', '--from', '2026-11-01'], undefined],
    [['search-performance', '--limit', '25', '--group-by', 'page'], 'group_by=page'],
    [['search-performance', '--days', '28'], ''],
    [['tasks', '--status', 'open', '--limit', '5'], 'limit=5'],
    [['forum', '--param', 'x=a b'], 'x=a%20b'],
    [['topics', '--param', 'z=1', '--param', 'a=2', '--days', '9'], 'a=2&days=9&z=1'],
  ])('%j reads the query "%s"', async (argv, query) => {
    const r = await history([...argv, '--format', 'json'], thirty());
    if (query === undefined) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--days and --from cannot be used together');
      return;
    }
    expect(r.options?.query).toBe(query);
  });

  it('--days 30 reads the 30-day series, --market the market’s', async () => {
    const r = await history(['topics', '--days', '30', '--market', 'GB-en', '--format', 'csv', '--columns', 'name'], thirty());
    expect(csvRows(r.stdout)).toEqual(['day,name', '2026-11-22,Thirty days']);
    const us = await history(['topics', '--market', 'US-en', '--format', 'csv', '--columns', 'name'], thirty());
    expect(csvRows(us.stdout)).toEqual(['day,name', '2026-11-22,US market']);
  });

  it('an item: `vis history topics <id>` reads that topic’s series', async () => {
    const fake = new FakeHistory(
      [
        answer('2026-11-22', 'topics.get', body({ topic: topic('t-1', 'CRM', 30), questions: [{ id: 'q-1', prompt: 'best crm?', rate: 20 }] }), {
          item: 't-1',
        }),
        answer('2026-11-22', 'topics.get', body({ topic: topic('t-2', 'Other', 30), questions: [{ id: 'q-9', prompt: 'other?', rate: 5 }] }), { item: 't-2' }),
      ],
      NAMES,
    );
    const r = await history(['topics', 't-1', '--format', 'csv', '--columns', 'id,prompt'], fake);
    expect(r.options?.spec.id).toBe('topics.get');
    expect(r.options?.item).toBe('t-1');
    expect(csvRows(r.stdout)).toEqual(['day,id,prompt', '2026-11-22,q-1,best crm?']);
    const list = await history(['topics', 't-1', '--days', '30'], fake);
    expect(list.code).toBe(2);
  });

  it('data the same in every market is read from market `` whatever --market says', async () => {
    const fake = new FakeHistory([answer('2026-11-22', 'technical', body({ readiness_score: 70, issues: [] }), { market: '' })], NAMES);
    const r = await history(['technical', '--market', 'US-en', '--format', 'json'], fake);
    expect((JSON.parse(r.stdout) as { data: { days: unknown[] } }).data.days).toHaveLength(1);
    expect(r.options?.market?.value).toBe('');
  });

  it('the API is the base URL, or `demo` with --demo; no key is needed and nothing is sent', async () => {
    const demo = new FakeHistory([answer('2026-11-22', 'visibility', body({ score: 50 }), { api: 'demo' })], NAMES);
    const r = await history(['visibility', '--demo', '--format', 'csv'], demo, { env: { VIS_API_KEY: undefined } });
    expect(r.options?.api).toBe('demo');
    expect(csvRows(r.stdout)).toEqual(['day,score', '2026-11-22,50']);
    expect(r.requests).toBe(0);
    expect(r.touched).toEqual([]);
    const none = await history(['visibility'], demo, { env: { VIS_BASE_URL: undefined } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no API base URL: the history is kept per API');
    const slash = await history(['visibility', '--format', 'json'], demo, { env: { VIS_BASE_URL: `${API}/` } });
    expect(slash.options?.api).toBe(API);
  });
});

describe('vis history <data command>: brand and market', () => {
  const twoBrands = () =>
    topicsHistory([answer('2026-11-22', 'topics', body({ period: period('2026-11-22'), topics: [topic('a-1', 'Acme topic', 9)] }, '14'), { brandId: '14' })]);

  it.each([
    [['--brand', '14'], 'Acme topic'],
    [['--brand', 'acme ltd'], 'Acme topic'],
    [['--brand', 'Northwind CRM'], 'CRM for startups'],
  ])('--brand %j', async (flags, first) => {
    const r = await history(['topics', ...flags, '--format', 'csv', '--columns', 'name', '--since', '2026-11-22'], twoBrands());
    expect(r.code).toBe(0);
    expect(csvRows(r.stdout)[1]).toBe(`2026-11-22,${first}`);
  });

  it('VIS_BRAND when no --brand; the one brand recorded when none is configured', async () => {
    const env = await history(['topics', '--format', 'csv', '--columns', 'name'], twoBrands(), { env: { VIS_BRAND: '14' } });
    expect(csvRows(env.stdout)).toEqual(['day,name', '2026-11-22,Acme topic']);
    const one = await history(['topics', '--format', 'csv', '--columns', 'name', '--since', '0d'], topicsHistory());
    expect(csvRows(one.stdout)).toEqual(['day,name', '2026-11-22,CRM for startups', '2026-11-22,Lead scoring']);
  });

  it('several brands recorded and none named: exit 2 listing them', async () => {
    const r = await history(['topics'], twoBrands());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`several brands are recorded for ${API}; pick one with --brand: 12 (Northwind CRM), 14 (Acme Ltd)`);
    expect(r.stdout).toBe('');
  });

  it('a brand name nothing is recorded for: exit 2 with the closest recorded brand and every recorded one, nothing on stdout', async () => {
    const r = await history(['topics', '--brand', 'northwind', '--format', 'csv'], twoBrands());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--brand: no brand "northwind" in the history (none of its answers was recorded)');
    expect(r.stderr).toContain('Did you mean "Northwind CRM" (12)? Recorded brands: 14 Acme Ltd, 12 Northwind CRM');
    const far = await history(['topics', '--brand', 'zzz'], twoBrands(), { env: {} });
    expect(far.code).toBe(2);
    expect(far.stderr).not.toContain('Did you mean');
    expect(far.stderr).toContain('Recorded brands: 14 Acme Ltd, 12 Northwind CRM');
    const configured = await history(['topics'], twoBrands(), { env: { VIS_BRAND: 'acme' } });
    expect(configured.code).toBe(2);
    expect(configured.stderr).toContain('VIS_BRAND: no brand "acme" in the history');
    expect(configured.stderr).toContain('Did you mean "Acme Ltd" (14)?');
  });

  it('a list of brands or markets: exit 2, a series is one brand and one market; a recorded name with a comma is that brand', async () => {
    const r = await history(['topics', '--brand', '12,14'], twoBrands());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--brand: vis history shows one brand's series at a time (got "12,14")`);
    const m = await history(['topics', '--brand', '12', '--market', 'US-en,GB-en'], twoBrands());
    expect(m.code).toBe(2);
    expect(m.stderr).toContain(`--market: vis history shows one market's series at a time (got "US-en,GB-en")`);
    const comma = new FakeHistory([answer('2026-11-22', 'topics', body({ topics: [] }), { brandId: '15' })], { brands: { '15': 'Smith, Jones & Co' } });
    expect((await history(['topics', '--brand', 'Smith, Jones & Co'], comma)).code).toBe(0);
  });

  it('a brand id nothing is recorded for: exit 2 as vis changes says it, in every format, with no command to run', async () => {
    for (const format of ['csv', 'json', 'table']) {
      const r = await history(['topics', '--brand', '99', '--format', format], twoBrands());
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('--brand: no brand "99" in the history (none of its answers was recorded)');
      expect(r.stderr).toContain('Recorded brands: 14 Acme Ltd, 12 Northwind CRM');
      expect(r.stderr).not.toContain('Nothing recorded');
    }
    const configured = await history(['topics'], twoBrands(), { env: { VIS_BRAND: '99' } });
    expect(configured.code).toBe(2);
    expect(configured.stderr).toContain('VIS_BRAND: no brand "99" in the history');
    const nothing = await history(['topics', '--brand', '12'], new FakeHistory([], NAMES));
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing is recorded yet: any data command records what it reads');
  });

  it('two recorded brands of the same name: exit 2, give the id', async () => {
    const fake = new FakeHistory(
      [answer('2026-11-22', 'topics', body({ topics: [] })), answer('2026-11-22', 'topics', body({ topics: [] }), { brandId: '15' })],
      {
        brands: { '12': 'Same', '15': 'Same' },
      },
    );
    const r = await history(['topics', '--brand', 'same'], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--brand: several recorded brands are named "same": 12 (Same), 15 (Same); give the id');
  });

  it('several markets recorded and none named: exit 2 listing them', async () => {
    const fake = topicsHistory([answer('2026-11-22', 'topics', body({ topics: [] }), { market: 'US-en' })]);
    const r = await history(['topics'], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'the series of vis topics is recorded in several markets of 12 (Northwind CRM); pick one with --market: GB-en (United Kingdom), US-en (United States)',
    );
    const picked = await history(['topics', '--format', 'csv'], fake, { env: { VIS_MARKET: 'US-en' } });
    expect(picked.code).toBe(0);
  });
});

describe('vis history <data command>: brand and market as vis topics picks them', () => {
  const brands =
    (...list: Array<{ id: number; name: string; primary_market: string }>) =>
    (api: FakeApi) =>
      void api.on({ method: 'GET', path: '/brands' }, ok({ brands: list }), 'always');
  const NORTHWIND = { id: 12, name: 'Northwind CRM', primary_market: 'US-en' };
  const ACME = { id: 14, name: 'Acme Ltd', primary_market: 'GB-en' };
  const KEY = { VIS_API_KEY: 'vis_test_0123456789abcdef' };
  // An agency's brand recorded beside the key's own (another key of the same API), and the key's brand in two markets.
  const recorded = () =>
    topicsHistory([
      answer('2026-11-22', 'topics', body({ period: period('2026-11-22'), topics: [topic('a-1', 'Acme topic', 9)] }, '14'), { brandId: '14' }),
      answer('2026-11-22', 'topics', body({ period: period('2026-11-22'), topics: [topic('u-1', 'US topic', 30)] }, '12', 'US-en'), { market: 'US-en' }),
    ]);

  it('several brands recorded: the account’s one brand, in its primary market, as vis topics reads it unnamed', async () => {
    const r = await history(['topics', '--format', 'csv', '--columns', 'name'], recorded(), { env: KEY, stub: brands(NORTHWIND) });
    expect(r.code).toBe(0);
    expect(csvRows(r.stdout)).toEqual(['day,name', '2026-11-22,US topic']);
    // One free GET /brands, and no read.
    expect(r.requests).toBe(1);
  });

  it('several markets recorded for the named brand: its primary market', async () => {
    const r = await history(['topics', '--brand', '12', '--format', 'json'], recorded(), { env: KEY, stub: brands(NORTHWIND, ACME) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ meta: { brand: { id: '12' }, market: { code: 'US-en', label: 'United States' } } });
  });

  it('an account of several brands, none named: exit 2 listing the recorded brands, as the data command refuses it', async () => {
    const r = await history(['topics'], recorded(), { env: KEY, stub: brands(NORTHWIND, ACME) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`several brands are recorded for ${API}; pick one with --brand: 12 (Northwind CRM), 14 (Acme Ltd)`);
  });

  it('what the records tell is taken without a request; with no key, several markets are a usage error said once', async () => {
    const one = await history(['topics', '--brand', '14', '--format', 'csv'], recorded(), { env: KEY });
    expect(one.code).toBe(0);
    expect(one.requests).toBe(0);
    const r = await history(['topics', '--brand', '12'], recorded());
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stderr).toMatch(/^the series of vis topics is recorded in several markets of 12 \(Northwind CRM\); pick one with --market/);
  });
});

describe('vis history <data command>: the days', () => {
  it('--since and --until pick the scan days, inclusive', async () => {
    const r = await history(['topics', '--format', 'csv', '--columns', 'name', '--since', '2026-11-21', '--until', '2026-11-21'], topicsHistory());
    expect(csvRows(r.stdout)).toEqual(['day,name', '2026-11-21,CRM for startups', '2026-11-21,Sales pipeline']);
    const last2 = await history(['topics', '--format', 'csv', '--columns', 'name', '--since', '1d'], topicsHistory());
    expect(csvRows(last2.stdout).map((l) => l.slice(0, 10))).toEqual(['day,name', '2026-11-21', '2026-11-21', '2026-11-22', '2026-11-22']);
  });

  it.each([
    [
      ['--since', 'last week'],
      '--since must be a date written YYYY-MM-DD, or a number of days such as 7d (the day that many days before today) (got "last week")',
    ],
    [['--until', '3d'], '--until must be a date written YYYY-MM-DD (got "3d")'],
    [['--since', '2026-11-22', '--until', '2026-11-01'], '--since must not be after --until'],
  ])('%j: exit 2 naming the flag and the rule, before anything is read', async (flags, message) => {
    const r = await history(['topics', ...flags], topicsHistory());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.options).toBeUndefined();
  });

  it('--since and --until are refused by the data command itself', async () => {
    const io = testIO();
    const ctx = testContext({ io, env: { VIS_BASE_URL: API } });
    const program = buildProgram(ctx, ['topics', '--since', '7d'], () => undefined);
    for (const c of [program, ...program.commands]) c.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
    await expect(program.parseAsync(['topics', '--since', '7d'], { from: 'user' })).rejects.toBeInstanceOf(UsageError);
  });
});

describe('vis history <data command>: an empty history', () => {
  it('says on stderr how to fill it, exit 0, and csv still has its header row', async () => {
    const r = await history(['competitors', '--format', 'csv'], topicsHistory());
    expect(r.code).toBe(0);
    expect(csvRows(r.stdout)).toHaveLength(1);
    expect(csvRows(r.stdout)[0]!.startsWith('day,name,')).toBe(true);
    expect(r.stderr).toBe(
      [
        `Nothing recorded for vis competitors (from ${API}).`,
        'Every data command records what it reads; to start this series, run it:',
        '  vis competitors --brand 12',
        'or record every endpoint once a day (a cron line):',
        '  vis export --dir ~/vis-exports/$(date +%F) --all-brands --all-markets --quiet',
        '',
      ].join('\n'),
    );
  });

  it('names the query, the item, the days and --demo in the command to run', async () => {
    const other = new FakeHistory([answer('2026-11-22', 'visibility', body({ score: 3 }, '3'), { api: 'demo', brandId: '3', market: '' })], NAMES);
    const r = await history(['topics', 't 1', '--since', '2026-11-01', '--demo'], other, { env: { VIS_BRAND: '3' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Nothing recorded for vis topics 't 1' between 2026-11-01 and today (from the demo).");
    expect(r.stderr).toContain("  vis topics 't 1' --demo --brand 3\n");
    expect(r.stderr).not.toContain('vis export');
    const q = await history(['search-performance', '--limit', '5', '--days', '30', '--market', 'GB-en'], topicsHistory());
    expect(q.stderr).toContain('  vis search-performance --limit 5 --days 30 --brand 12 --market GB-en\n');
  });

  it('json: the document with no days', async () => {
    const r = await history(['pages', '--format', 'json'], topicsHistory());
    expect((JSON.parse(r.stdout) as { data: unknown }).data).toEqual({ days: [] });
  });
});

describe("the query a data command's flags are filed under (the recorder's own rule)", () => {
  const topics = endpointById('topics');
  it.each([
    [[], ''],
    [
      [
        ['brand_id', '12'],
        ['market', 'GB-en'],
      ],
      '',
    ],
    [[['days', '7']], ''],
    [[['days', '8']], 'days=8'],
    [
      [
        ['days', '7'],
        ['from', '2026-01-01'],
      ],
      'days=7&from=2026-01-01',
    ],
    [
      [
        ['to', '2026-01-02'],
        ['from', '2026-01-01'],
      ],
      'from=2026-01-01&to=2026-01-02',
    ],
    [
      [
        ['b', '2'],
        ['a', '1'],
        ['a', '0'],
      ],
      'a=0&a=1&b=2',
    ],
    [
      [
        ['a-b', '1'],
        ['a', '2'],
      ],
      'a=2&a-b=1',
    ],
    [[['k', 'x&y=z é']], 'k=x%26y%3Dz%20%C3%A9'],
  ])('%j is "%s"', (pairs, text) => {
    expect(recordedQuery(topics, pairs as Array<[string, string]>)).toBe(text);
  });

  it('leaves out a parameter equal to its default, and days where the endpoint has no period', () => {
    const search = endpointById('search-performance');
    expect(
      recordedQuery(search, [
        ['days', '28'],
        ['limit', '25'],
        ['group_by', 'query'],
      ]),
    ).toBe('');
    expect(recordedQuery(search, [['days', '7']])).toBe('days=7');
    expect(recordedQuery(endpointById('prompts'), [['days', '7']])).toBe('days=7');
  });

  it('an item that travels in the query is the item, not part of the query', () => {
    expect(
      filedQuery(endpointById('answers.runs'), [
        ['prompt', 'Best CRM?'],
        ['brand_id', '3'],
      ]),
    ).toEqual({ item: 'Best CRM?', query: '' });
    expect(filedQuery(endpointById('topics'), [['days', '30']])).toEqual({ item: undefined, query: 'days=30' });
  });
});
