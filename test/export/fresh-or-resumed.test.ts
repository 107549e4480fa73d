/**
 * The planning of an export, in-process and without I/O: a fresh export and a resumed
 * one (--resume, from a manifest already checked by manifest-check.ts) both become one
 * ExportRun, refused before any request when the export cannot be resumed as asked; then
 * the brands GET /brands lists are chosen and planned, and what is left to read counted.
 */
import { describe, expect, it } from 'vitest';
import type { BrandRecord } from '../../src/api/account.js';
import { NotFoundError, UsageError } from '../../src/errors.js';
import {
  chooseBrands,
  planExport,
  planRun,
  planView,
  runInput,
  type ExportRun,
  type ExportRunInput,
  type PreviousExport,
} from '../../src/export/fresh-or-resumed.js';
import { checkManifest, START_ANEW } from '../../src/export/manifest-check.js';
import type { FileEntry, ManifestAccount } from '../../src/export/manifest.js';
import { parseExportOptions, type RawExportOptions } from '../../src/export/options.js';

const DIR = '/exports/d';
const TODAY = '2026-11-22';
const API = 'https://api.example.com/api/v1';
const ACCOUNT: ManifestAccount = { api: API, name: 'Acme Inc', brands: ['7', '8'] };
const ACME: BrandRecord = { id: 7, name: 'Acme CRM', primaryMarket: 'US-en' };
const BETA: BrandRecord = { id: 8, name: 'Beta Desk' };

const topicsFile: FileEntry = {
  path: 'acme-crm/US-en/topics.csv',
  endpoint: 'topics',
  brand: { id: 7, name: 'Acme CRM' },
  market: 'US-en',
  item: null,
  period: { from: '2026-11-16', to: '2026-11-22' },
  rows: 2,
  bytes: 40,
  fetched_at: '2026-11-22T12:00:01Z',
};
const itemFile: FileEntry = {
  ...topicsFile,
  path: 'acme-crm/US-en/topics.get/crm-pricing.csv',
  endpoint: 'topics.get',
  item: 'crm-pricing',
  period: null,
  rows: 1,
  bytes: 30,
};

/** What an export of `--only topics,topics.get,pitches --days 7 --param x=1` writes, interrupted after two files. */
function manifest(edit: (m: Record<string, any>) => void = () => undefined): Record<string, any> {
  const m: Record<string, any> = {
    manifest_version: 1,
    status: 'interrupted',
    account: ACCOUNT,
    plan: {
      endpoints: ['topics', 'topics.get', 'pitches'],
      brands: [7],
      all_markets: false,
      market: null,
      format: 'csv',
      period: { days: 7 },
      period_date: TODAY,
      period_resolved: { from: '2026-11-16', to: TODAY },
      params: [['x', '1']],
    },
    reads: { spent: 3 },
    brands: [{ id: 7, name: 'Acme CRM', slug: 'acme-crm', markets: ['US-en'], markets_from: 'primary' }],
    files: [topicsFile, itemFile],
    listed: [{ request: 'GET /topics?brand_id=7&days=7&x=1', endpoint: 'topics.get', date: TODAY, items: ['crm-pricing', 'crm migration'] }],
    csv_columns: ['brand_id', 'brand', 'market'],
  };
  edit(m);
  return m;
}

/** The manifest read back and checked, with the files that are still in the folder. */
function previous(edit?: (m: Record<string, any>) => void, written: FileEntry[] = [topicsFile, itemFile]): PreviousExport {
  return { manifest: checkManifest(manifest(edit), `${DIR}/manifest.json`), written: new Map(written.map((f) => [f.path, f])) };
}

function input(raw: RawExportOptions, o: Partial<Omit<ExportRunInput, 'options'>> = {}): ExportRunInput {
  const options = parseExportOptions({ dir: DIR, ...raw }, TODAY, '/');
  return { options, format: options.format ?? 'csv', brand: undefined, market: undefined, api: API, today: TODAY, ...o };
}

function thrown<T extends Error>(f: () => unknown, kind: new (...args: any[]) => T): T {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(kind);
    return err as T;
  }
  throw new Error('not refused');
}

const refusal = (f: () => unknown) => thrown(f, UsageError);

describe('planRun: a fresh export', () => {
  it('is the command line and its settings, with nothing written, listed, spent or recorded', () => {
    const run = planRun(
      input({ only: 'topics,pitches', days: '7', param: ['x=1'] }, { format: 'json', market: 'DE-de', brand: { value: 'Acme', source: 'VIS_BRAND' } }),
      undefined,
    );
    expect(run).toEqual({
      dir: DIR,
      today: TODAY,
      api: API,
      format: 'json',
      endpoints: [expect.objectContaining({ id: 'topics' }), expect.objectContaining({ id: 'pitches' })],
      period: { days: 7 },
      periodDate: TODAY,
      params: [['x', '1']],
      markets: { kind: 'one', market: 'DE-de' },
      brands: { kind: 'named', setting: { value: 'Acme', source: 'VIS_BRAND' } },
      force: false,
      written: undefined,
      listed: undefined,
      recordedBrands: [],
      spentBefore: 0,
      account: undefined,
      complete: false,
    } satisfies ExportRun);
  });

  it('chooses its brands and markets by the flags: --all-brands over a brand setting, --all-markets, else the only brand', () => {
    const all = planRun(input({ allBrands: true, allMarkets: true, force: true }, { brand: { value: '7', source: 'the profile' } }), undefined);
    expect(all.brands).toEqual({ kind: 'all' });
    expect(all.markets).toEqual({ kind: 'all' });
    expect(all.force).toBe(true);
    const only = planRun(input({}), undefined);
    expect(only.brands).toEqual({ kind: 'only' });
    expect(only.markets).toEqual({ kind: 'one', market: undefined });
  });

  it('does not look at a manifest without --resume', () => {
    const run = planRun(input({}), previous());
    expect(run.written).toBeUndefined();
    expect(run.listed).toBeUndefined();
    expect(run.spentBefore).toBe(0);
    expect(run.account).toBeUndefined();
  });
});

describe('planRun: --resume', () => {
  it('with the same flags as the export: the export’s plan, and what it wrote, listed and spent', () => {
    const prev = previous();
    const run = planRun(input({ resume: true, only: 'topics,topics.get,pitches', days: '7', param: ['x=1'] }), prev);
    expect(run.endpoints.map((e) => e.id)).toEqual(['topics', 'topics.get', 'pitches']);
    expect(run).toMatchObject({
      format: 'csv',
      period: { days: 7 },
      periodDate: TODAY,
      params: [['x', '1']],
      spentBefore: 3,
      account: ACCOUNT,
      complete: false,
    });
    expect(run.markets).toEqual({ kind: 'one', market: undefined });
    expect(run.brands).toEqual({ kind: 'recorded', ids: [7], allBrands: false });
    expect(run.written).toBe(prev.written);
    expect(run.listed).toEqual(prev.manifest.listed);
    expect(run.recordedBrands).toEqual(prev.manifest.brands);
  });

  it('with the flags left out: the plan is the export’s, not the settings’ (VIS_FORMAT, VIS_MARKET, VIS_BRAND)', () => {
    const run = planRun(input({ resume: true }, { format: 'json', market: 'DE-de', brand: { value: 'Beta Desk', source: 'VIS_BRAND' } }), previous());
    expect(run.format).toBe('csv');
    expect(run.markets).toEqual({ kind: 'one', market: undefined });
    expect(run.brands).toEqual({ kind: 'recorded', ids: [7], allBrands: false });
    expect(run.period).toEqual({ days: 7 });
    expect(run.params).toEqual([['x', '1']]);
  });

  it('keeps the market and the all-markets choice the export recorded', () => {
    expect(
      planRun(
        input({ resume: true }),
        previous((m) => (m.plan.market = 'US-en')),
      ).markets,
    ).toEqual({ kind: 'one', market: 'US-en' });
    const all = planRun(
      input({ resume: true, allMarkets: true }),
      previous((m) => (m.plan.all_markets = true)),
    );
    expect(all.markets).toEqual({ kind: 'all' });
  });

  it('--all-brands is kept, to be compared with the account’s brands once GET /brands answers', () => {
    expect(planRun(input({ resume: true, allBrands: true }), previous()).brands).toEqual({ kind: 'recorded', ids: [7], allBrands: true });
  });

  it('with other flags: refused, naming each difference', () => {
    const err = refusal(() => planRun(input({ resume: true, days: '30', format: 'json' }), previous()));
    expect(err.message).toBe(
      '--resume: the plan differs from the export in /exports/d: format (--format json; the export is csv); period (--days 30; the export has --days 7)',
    );
    expect(err.hint).toBe(
      'Leave those flags out to resume the export as it was begun, or start a new export without --resume (the files it does not write are listed as stale).',
    );
  });

  it('a brand the export does not have: refused, naming the export’s brands', () => {
    const err = refusal(() => planRun(input({ resume: true, brand: 'Beta Desk' }), previous()));
    expect(err.message).toBe('--resume: the plan differs from the export in /exports/d: brands (--brand Beta Desk; the export has 7 Acme CRM)');
  });

  it('without a manifest: refused', () => {
    const err = refusal(() => planRun(input({ resume: true }), undefined));
    expect(err.message).toBe('--resume: /exports/d has no manifest.json, so there is no export to resume');
    expect(err.hint).toBe('Run the export without --resume to start one.');
  });

  it('a complete export: nothing to do, whatever its day or account (a difference of flags is still refused)', () => {
    const done = previous((m) => {
      m.status = 'complete';
      m.plan.period_date = '2026-11-01';
      delete m.account;
    });
    const run = planRun(input({ resume: true }, { api: 'https://other.example.com' }), done);
    expect(run.complete).toBe(true);
    expect(() => planRun(input({ resume: true, days: '30' }), done)).toThrow(/plan differs/);
  });

  it('a csv export of an older vis (no csv_columns): refused, its files lacking the brand and market columns; json and complete ones are not', () => {
    const err = refusal(() =>
      planRun(
        input({ resume: true }),
        previous((m) => delete m.csv_columns),
      ),
    );
    expect(err.message).toBe(
      `--resume: the csv files in ${DIR} were written by an older vis, without the brand_id, brand, market columns every file now begins with, so the export cannot be resumed`,
    );
    expect(err.hint).toBe(START_ANEW);
    const json = (m: Record<string, any>) => {
      delete m.csv_columns;
      m.plan.format = 'json';
      m.files = [];
    };
    expect(planRun(input({ resume: true }), previous(json, [])).format).toBe('json');
    // A complete export has nothing left to write, so nothing to mix.
    const complete = previous((m) => {
      delete m.csv_columns;
      m.status = 'complete';
    });
    expect(planRun(input({ resume: true }), complete).complete).toBe(true);
  });

  it('a relative period begun on another API day: refused', () => {
    const err = refusal(() => planRun(input({ resume: true }, { today: '2026-11-23' }), previous()));
    expect(err.message).toBe(
      "--resume: the export's period (--days 7) counts back from 2026-11-22, and today is 2026-11-23: the files still missing would cover other days than those written",
    );
    expect(err.hint).toBe('Start the export again without --resume (it reads every file again); an export with --from and --to can be resumed on any day.');
  });

  it('--from with --to: resumed on any day, its period counting from the day it began', () => {
    const prev = previous((m) => {
      m.plan.period = { from: '2026-11-01', to: '2026-11-10' };
      m.plan.period_resolved = { from: '2026-11-01', to: '2026-11-10' };
    });
    const run = planRun(input({ resume: true }, { today: '2026-11-30' }), prev);
    expect(run.periodDate).toBe(TODAY);
    expect(run.today).toBe('2026-11-30');
  });

  it('another API: refused before any request', () => {
    const err = refusal(() => planRun(input({ resume: true }, { api: 'https://other.example.com/api/v1' }), previous()));
    expect(err.message).toBe(
      "--resume: the export in /exports/d is another account's: the export was read from https://api.example.com/api/v1, and this run would read from https://other.example.com/api/v1",
    );
    expect(err.hint).toBe(START_ANEW);
  });

  it('a manifest that records no account (an older vis): refused', () => {
    const err = refusal(() =>
      planRun(
        input({ resume: true }),
        previous((m) => delete m.account),
      ),
    );
    expect(err.message).toBe('--resume: /exports/d/manifest.json: account is missing (it was written by an older vis), so the export cannot be resumed');
  });
});

describe('planExport: the brands, once GET /brands has answered', () => {
  const resumed = (edit?: (m: Record<string, any>) => void, raw: RawExportOptions = {}, written?: FileEntry[]) =>
    planRun(input({ resume: true, ...raw }), previous(edit, written));

  it('another account (a name, a set of brands): refused', () => {
    const err = refusal(() => planExport(resumed(), [ACME, BETA], { ...ACCOUNT, name: 'Other Inc' }));
    expect(err.message).toBe(
      '--resume: the export in /exports/d is another account\'s: the export belongs to account "Acme Inc" with brands 7, 8, and this key to account "Other Inc" with brands 7, 8',
    );
    expect(err.hint).toBe(START_ANEW);
    expect(() => planExport(resumed(), [ACME], { ...ACCOUNT, brands: ['7'] })).toThrow(UsageError);
  });

  it('a fresh export is any account’s, and records it', () => {
    const planned = planExport(planRun(input({ only: 'topics' }), undefined), [ACME], { ...ACCOUNT, name: 'Other Inc' });
    expect(planned.account).toEqual({ ...ACCOUNT, name: 'Other Inc' });
  });

  it('resumed: the files still there are not read again, and a list read today that was recorded is not either', () => {
    const planned = planExport(resumed(), [ACME, BETA], ACCOUNT);
    expect(planned.allTasks.map((t) => t.endpoint.id)).toEqual(['topics', 'pitches']);
    // topics.csv and crm-pricing are written; "crm migration" and pitches are left.
    expect(planned.tasks.map((t) => `${t.endpoint.id} ${t.item?.key ?? ''}`.trim())).toEqual(['topics.get crm migration', 'pitches']);
    expect(planned.plan).toEqual(previous().manifest.plan);
  });

  it('resumed with a file gone: read again; with the list recorded on another day: the list is read again', () => {
    expect(planExport(resumed(undefined, {}, [itemFile]), [ACME, BETA], ACCOUNT).tasks.map((t) => t.endpoint.id)).toEqual(['topics', 'pitches']);
    const otherDay = planExport(
      resumed((m) => (m.listed[0].date = '2026-11-21')),
      [ACME, BETA],
      ACCOUNT,
    );
    expect(otherDay.tasks.map((t) => t.endpoint.id)).toEqual(['topics', 'pitches']);
    expect(otherDay.tasks[0]!.feeds.map((e) => e.id)).toEqual(['topics.get']);
  });

  it('a fresh export plans every task, and records the brand ids chosen and today as the period’s day', () => {
    const run = planRun(input({ only: 'topics,pitches', days: '7', param: ['x=1'] }, { brand: { value: 'beta desk', source: '--brand' } }), undefined);
    const planned = planExport(run, [ACME, BETA], ACCOUNT);
    expect(planned.tasks).toEqual(planned.allTasks);
    expect(planned.tasks.map((t) => `${t.endpoint.id} ${t.brand.slug}`)).toEqual(['topics beta-desk', 'pitches beta-desk']);
    expect(planned.plan).toEqual({
      endpoints: ['topics', 'pitches'],
      brands: [8],
      all_markets: false,
      market: null,
      format: 'csv',
      period: { days: 7 },
      period_date: TODAY,
      period_resolved: { from: '2026-11-16', to: TODAY },
      params: [['x', '1']],
    });
    expect(planExport(planRun(input({}, { market: 'DE-de' }), undefined), [ACME], ACCOUNT).plan).toMatchObject({ market: 'DE-de', all_markets: false });
    expect(planExport(planRun(input({ allMarkets: true }), undefined), [ACME], ACCOUNT).plan).toMatchObject({ market: null, all_markets: true });
  });

  it('resumed: the brand ids are the export’s as recorded', () => {
    const planned = planExport(
      resumed((m) => (m.plan.brands = ['7'])),
      [ACME, BETA],
      ACCOUNT,
    );
    expect(planned.plan.brands).toEqual(['7']);
    expect(planned.brands.map((b) => b.brand.id)).toEqual([7]);
  });

  it('resumed: a primary market learned from an answer keeps its folder', () => {
    const planned = planExport(resumed(), [{ id: 7, name: 'Acme CRM' }, BETA], ACCOUNT);
    expect(planned.brands[0]!.slots).toEqual([{ param: undefined, label: 'US-en' }]);
  });
});

describe('chooseBrands', () => {
  const fresh = (raw: RawExportOptions, brand?: ExportRunInput['brand']) => planRun(input(raw, { brand }), undefined);
  const names = (run: Pick<ExportRun, 'dir' | 'brands' | 'recordedBrands'>, records: BrandRecord[]) =>
    chooseBrands(run, records).map((b) => `${b.id} ${b.slug}`);

  it('resumed: the export’s brands as GET /brands describes them now', () => {
    const run = planRun(
      input({ resume: true }),
      previous((m) => (m.plan.brands = [8, 7])),
    );
    expect(names(run, [ACME, BETA])).toEqual(['8 beta-desk', '7 acme-crm']);
  });

  it('resumed with --all-brands, the account’s brands being others: refused', () => {
    const run = planRun(input({ resume: true, allBrands: true }), previous());
    const err = refusal(() => chooseBrands(run, [ACME, BETA]));
    expect(err.message).toBe('--resume: the plan differs from the export in /exports/d: brands (--all-brands; the export has 7)');
    expect(names(run, [ACME])).toEqual(['7 acme-crm']);
    const two = planRun(
      input({ resume: true, allBrands: true }),
      previous((m) => (m.plan.brands = [7, 8])),
    );
    expect(refusal(() => chooseBrands(two, [ACME])).message).toBe(
      '--resume: the plan differs from the export in /exports/d: brands (--all-brands; the export has 7, 8)',
    );
  });

  it('resumed with GET /brands listing none: each brand as the export recorded it', () => {
    const run = planRun(
      input({ resume: true }),
      previous((m) => {
        m.plan.brands = [8, 7];
        m.brands.push({ id: 8, name: 'Beta Desk', slug: 'beta-desk', markets: ['US-en'], markets_from: 'primary' });
      }),
    );
    expect(chooseBrands(run, []).map((b) => `${b.id} ${b.name} ${b.slug}`)).toEqual(['8 Beta Desk beta-desk', '7 Acme CRM acme-crm']);
  });

  it('a brand of the account: its primary market and listed markets come along, and nothing it does not have', () => {
    expect(chooseBrands(fresh({}), [{ id: 7, name: 'Acme CRM', primaryMarket: 'US-en', markets: ['US-en', 'DE-de'] }])).toEqual([
      { id: 7, name: 'Acme CRM', slug: 'acme-crm', primaryMarket: 'US-en', listedMarkets: ['US-en', 'DE-de'] },
    ]);
    expect(chooseBrands(fresh({}), [{ id: 7, name: 'Acme CRM' }])).toEqual([{ id: 7, name: 'Acme CRM', slug: 'acme-crm' }]);
  });

  it('resumed: a brand gone from the account is not found; with GET /brands listing none, the recorded one is used', () => {
    const run = planRun(input({ resume: true }), previous());
    const gone = thrown(() => chooseBrands(run, [BETA]), NotFoundError);
    expect(gone.message).toBe('--resume: brand 7 of the export is not on this account any more');
    expect(gone.code).toBe('brand_not_found');
    expect(chooseBrands(run, [])).toEqual([{ id: 7, name: 'Acme CRM', slug: 'acme-crm' }]);
  });

  it('--all-brands: every brand; none listed: nothing to export', () => {
    expect(names(fresh({ allBrands: true }), [ACME, BETA])).toEqual(['7 acme-crm', '8 beta-desk']);
    const none = thrown(() => chooseBrands(fresh({ allBrands: true }), []), NotFoundError);
    expect(none.message).toBe('GET /brands listed no brands, so there is nothing to export');
    expect(none.code).toBe('brand_not_found');
  });

  it('a brand setting: an id, or a name in any case; several of that name, or none, refused', () => {
    expect(names(fresh({}, { value: ' 8 ', source: '--brand' }), [ACME, BETA])).toEqual(['8 beta-desk']);
    expect(names(fresh({}, { value: 'ACME crm', source: '--brand' }), [ACME, BETA])).toEqual(['7 acme-crm']);
    const twins = [ACME, { id: 9, name: 'Acme CRM' }];
    const err = refusal(() => chooseBrands(fresh({}, { value: 'Acme CRM', source: 'VIS_BRAND' }), twins));
    expect(err.message).toBe('VIS_BRAND: several brands are named "Acme CRM"');
    expect(err.hint).toBe('Use the id instead: 7 Acme CRM, 9 Acme CRM');
    const none = thrown(() => chooseBrands(fresh({}, { value: 'Gamma', source: '--brand' }), [ACME]), NotFoundError);
    expect(none.message).toBe('--brand: no brand "Gamma" on this account');
    expect(none.code).toBe('brand_not_found');
    expect(thrown(() => chooseBrands(fresh({}, { value: 'Gamma', source: '--brand' }), [ACME]), NotFoundError).hint).toBe('Brands: 7 Acme CRM');
    expect(thrown(() => chooseBrands(fresh({}, { value: 'Gamma', source: '--brand' }), []), NotFoundError).hint).toBe('GET /brands listed no brands.');
  });

  it('a brand id when GET /brands lists none: used as given; when it lists others, not found', () => {
    expect(chooseBrands(fresh({}, { value: '42', source: '--brand' }), [])).toEqual([{ id: '42', name: 'brand 42', slug: 'brand-42' }]);
    expect(thrown(() => chooseBrands(fresh({}, { value: '42', source: '--brand' }), [ACME]), NotFoundError).message).toBe(
      '--brand: no brand "42" on this account',
    );
    expect(thrown(() => chooseBrands(fresh({}, { value: 'x42', source: '--brand' }), []), NotFoundError).message).toBe(
      '--brand: no brand "x42" on this account',
    );
  });

  it('a brand name is matched without the spaces around it', () => {
    expect(names(fresh({}, { value: 'acme crm', source: '--brand' }), [{ id: 7, name: '  Acme CRM ' }, BETA])).toEqual(['7 acme-crm']);
  });

  it('no brand named: the account’s only one, a stand-in when it lists none, refused when it has several', () => {
    expect(names(fresh({}), [ACME])).toEqual(['7 acme-crm']);
    expect(chooseBrands(fresh({}), [])).toEqual([{ id: undefined, name: 'brand', slug: 'brand' }]);
    const err = refusal(() => chooseBrands(fresh({}), [ACME, BETA]));
    expect(err.message).toBe('this account has 2 brands: choose one with --brand <id|name>, or export them all with --all-brands');
    expect(err.code).toBe('brand_required');
    expect(err.hint).toBe('Brands: 7 Acme CRM, 8 Beta Desk');
  });

  it('slugs are made from every brand of the account, whichever is chosen', () => {
    const same = [
      { id: 7, name: 'Acme' },
      { id: 8, name: 'Acme' },
    ];
    expect(names(fresh({}, { value: '8', source: '--brand' }), same)).toEqual(['8 acme-8']);
  });
});

describe('what the dry run and the runner are handed', () => {
  it('resumed: the files already written are counted, and handed to the runner with the listed items', () => {
    const run = planRun(input({ resume: true }), previous());
    const planned = planExport(run, [ACME, BETA], ACCOUNT);
    const view = planView(run, planned, { left: 10, resetsAt: '2026-12-01' }, 1);
    expect(view).toMatchObject({ dir: DIR, format: 'csv', readsLeft: 10, resetsAt: '2026-12-01', force: false, alreadyWritten: 2, cachedReads: 1 });
    expect(view.cost.reads).toBe(2);
    const handed = runInput(run, planned, 10);
    expect(handed.written).toBe(run.written);
    expect(handed.listed).toBe(run.listed);
    expect(handed).toMatchObject({ dir: DIR, format: 'csv', readsLeft: 10, force: false, params: [['x', '1']], period: { days: 7 } });
  });

  it('fresh: nothing already written, no cached reads when the cache is off, nothing recorded for the runner', () => {
    const run = planRun(input({ only: 'topics' }), undefined);
    const planned = planExport(run, [ACME], ACCOUNT);
    const view = planView(run, planned, { left: undefined, resetsAt: undefined }, undefined);
    expect('alreadyWritten' in view).toBe(false);
    expect('cachedReads' in view).toBe(false);
    const handed = runInput(run, planned, undefined);
    expect('written' in handed).toBe(false);
    expect('listed' in handed).toBe(false);
  });
});
