/**
 * `manifest.json` read back for `--resume`, checked as if the user had typed every value
 * of it before anything is read: whoever could write into the export folder could write
 * the manifest, and what it says becomes requests, file names and folders. Each value
 * goes through the rule the command line goes through (the flag rules of --only,
 * --format, --market, --days/--from/--to, --param and --brand), and every name that
 * becomes part of a path is re-derived or must be one the export itself could have made
 * (a slug, a market folder, an endpoint id, the format as extension). A value that breaks
 * its rule refuses the whole manifest (exit 2), naming the file, the field and the rule.
 *
 * What is returned is rebuilt from the checked values only: brand slugs made again from
 * the names (a recorded slug is never used), the period as dates computed again from the
 * period and its day, unknown fields dropped. `skipped`, `failed`, `not_attempted` and
 * `stale` are not read back (a run lists its own), so they are not checked.
 */
import type { EndpointSpec } from '../endpoints.js';
import { UsageError } from '../errors.js';
import { dateRule } from '../flags/rules.js';
import { pathSegment } from '../http/url.js';
import { isPlainObject } from '../output/flatten.js';
import { BRAND_COLUMNS } from './brand-columns.js';
import { itemSource } from './items.js';
import type { FileEntry, ListedEntry, Manifest, ManifestAccount, ManifestBrand, ManifestPlan, ManifestStatus } from './manifest.js';
import { MANIFEST_VERSION } from './manifest.js';
import { parseExportOptions, type ExportOptions, type RawExportOptions } from './options.js';
import type { MarketsFrom } from './plan.js';
import { resolvePeriod } from './resume.js';
import { isMarketFolderShaped, isSlugShaped, uniqueSlugs } from '../text/slug.js';

export const START_ANEW = 'Start anew without --resume: the export reads every file again (the files it does not write are listed as stale).';

const STATUSES: readonly ManifestStatus[] = ['running', 'interrupted', 'failed', 'incomplete', 'complete'];
const MARKETS_FROM: readonly MarketsFrom[] = ['flag', 'primary', 'brands', 'markets'];

type BrandId = string | number | null;

class Checker {
  constructor(private readonly file: string) {}

  /** The refusal: `--resume: <file>: <field> <rule>`. */
  bad(field: string, rule: string): UsageError {
    return new UsageError(`--resume: ${this.file}: ${field} ${rule}, so the export cannot be resumed`, { hint: START_ANEW });
  }

  object(v: unknown, field: string): Record<string, unknown> {
    if (!isPlainObject(v)) throw this.bad(field, 'must be an object');
    return v;
  }

  array(v: unknown, field: string): unknown[] {
    if (!Array.isArray(v)) throw this.bad(field, 'must be a list');
    return v;
  }

  string(v: unknown, field: string): string {
    if (typeof v !== 'string') throw this.bad(field, 'must be text');
    return v;
  }

  count(v: unknown, field: string): number {
    // Number.isSafeInteger is false for anything that is not a number.
    if (!Number.isSafeInteger(v) || (v as number) < 0) throw this.bad(field, `must be a whole number of at least 0 (got ${JSON.stringify(v)})`);
    return v as number;
  }

  oneOf<T extends string>(v: unknown, values: readonly T[], field: string): T {
    if (!values.includes(v as T)) throw this.bad(field, `must be one of ${values.join(', ')} (got ${JSON.stringify(v)})`);
    return v as T;
  }

  /** The values as vis export's command line would take them: its rule, its message. */
  asTyped(field: string, raw: RawExportOptions, today: string): ExportOptions {
    try {
      return parseExportOptions({ dir: '.', ...raw }, today);
    } catch (err) {
      throw this.bad(field, `breaks the command line's rule: ${(err as Error).message}`);
    }
  }

  date(v: unknown, field: string): string {
    const r = dateRule(field).safeParse(this.string(v, field));
    if (!r.success) throw this.bad(field, `must be a real date written YYYY-MM-DD (got ${JSON.stringify(v)})`);
    return r.data;
  }

  /** A brand id as GET /brands gives one (a whole number or a text) and --brand takes it. */
  brandId(v: unknown, field: string, today: string): string | number {
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v) || v < 0) throw this.bad(field, `must be a brand id: a whole number or a text (got ${v})`);
      return v;
    }
    this.asTyped(field, { brand: this.string(v, field) }, today);
    return v as string;
  }

  market(v: unknown, field: string, today: string): string {
    return this.asTyped(field, { market: this.string(v, field) }, today).flags.market!;
  }
}

/** The manifest of an export to resume, checked; throws a UsageError naming the field. */
export function checkManifest(raw: unknown, file: string): Manifest {
  const c = new Checker(file);
  const m = c.object(raw, 'the manifest');
  if (m.manifest_version !== MANIFEST_VERSION)
    throw c.bad('manifest_version', `must be ${MANIFEST_VERSION}, the version this vis writes (got ${JSON.stringify(m.manifest_version)})`);
  const status = c.oneOf(m.status, STATUSES, 'status');
  const { plan, specs } = checkPlan(c, c.object(m.plan, 'plan'));
  const today = plan.period_date;
  const account = m.account === undefined ? undefined : checkAccount(c, c.object(m.account, 'account'), today);
  const brands = checkBrands(c, c.array(m.brands, 'brands'), plan, today);
  const endpoints = new Map(specs.map((e) => [e.id as string, e]));
  const files = c.array(m.files, 'files').map((f, i) => checkFile(c, f, `files[${i}]`, plan.format, endpoints, today));
  const listed = m.listed === undefined ? undefined : c.array(m.listed, 'listed').map((l, i) => checkListed(c, l, `listed[${i}]`, endpoints));
  const csvColumns = m.csv_columns === undefined ? undefined : checkCsvColumns(c, m.csv_columns, plan.format);
  const reads = c.object(m.reads, 'reads');
  const spent = c.count(reads.spent, 'reads.spent');
  const period = plan.period;
  // What a resume does not read back (times, the tool, the other lists) is left empty.
  return {
    manifest_version: MANIFEST_VERSION,
    tool: '',
    base_url: '',
    ...(account ? { account } : {}),
    started_at: '',
    finished_at: '',
    status,
    exit_code: null,
    format: plan.format,
    period: Object.values(period).some((v) => v !== undefined) ? period : null,
    endpoints: plan.endpoints,
    plan,
    reads: { left_before: null, planned: 0, spent, this_run: 0 },
    brands,
    files,
    skipped: [],
    failed: [],
    not_attempted: [],
    stale: [],
    ...(listed ? { listed } : {}),
    ...(csvColumns ? { csv_columns: csvColumns } : {}),
  };
}

/** The leading columns a csv export's files were written with: this vis writes BRAND_COLUMNS, and only for csv. */
function checkCsvColumns(c: Checker, raw: unknown, format: string): string[] {
  const columns = c.array(raw, 'csv_columns').map((v, i) => c.string(v, `csv_columns[${i}]`));
  if (format !== 'csv') throw c.bad('csv_columns', `must be absent in a ${format} export`);
  if (columns.join(',') !== BRAND_COLUMNS.join(','))
    throw c.bad('csv_columns', `must be ${BRAND_COLUMNS.join(', ')}, the columns this vis writes (got ${columns.join(', ') || 'none'})`);
  return columns;
}

/** The account a checked manifest records; a manifest of an older vis records none, and cannot be resumed. */
export function recordedAccount(m: Manifest, file: string): ManifestAccount {
  if (m.account === undefined) throw new Checker(file).bad('account', 'is missing (it was written by an older vis)');
  return m.account;
}

function checkPlan(c: Checker, p: Record<string, unknown>): { plan: ManifestPlan; specs: EndpointSpec[] } {
  const today = c.date(p.period_date, 'plan.period_date');
  const ids = c.array(p.endpoints, 'plan.endpoints').map((id, i) => {
    const s = c.string(id, `plan.endpoints[${i}]`);
    if (!/^[^,\s]+$/.test(s)) throw c.bad(`plan.endpoints[${i}]`, `must be one endpoint id (got "${s}")`);
    return s;
  });
  const specs = c.asTyped('plan.endpoints', { only: ids.join(',') }, today).endpoints;
  const format = c.asTyped('plan.format', { format: c.string(p.format, 'plan.format') }, today).format!;

  const period = c.object(p.period, 'plan.period');
  const days = period.days === undefined ? undefined : String(c.count(period.days, 'plan.period.days'));
  const from = period.from === undefined ? undefined : c.string(period.from, 'plan.period.from');
  const to = period.to === undefined ? undefined : c.string(period.to, 'plan.period.to');
  const flags = c.asTyped('plan.period', { days, from, to }, today).flags;

  if (typeof p.all_markets !== 'boolean') throw c.bad('plan.all_markets', 'must be true or false');
  const market = p.market === null ? undefined : c.market(p.market, 'plan.market', today);
  c.asTyped('plan.market', { market, allMarkets: p.all_markets }, today);

  const pairs = c.array(p.params, 'plan.params').map((pair, i) => {
    const field = `plan.params[${i}]`;
    const kv = c.array(pair, field);
    if (kv.length !== 2) throw c.bad(field, 'must be a [key, value] pair');
    return [c.string(kv[0], field), c.string(kv[1], field)] as [string, string];
  });
  const params = c.asTyped('plan.params', { param: pairs.map(([k, v]) => `${k}=${v}`) }, today).flags.params;
  pairs.forEach(([k], i) => {
    if (params[i]![0] !== k) throw c.bad(`plan.params[${i}]`, `has a key --param cannot give ("${k}" holds "=")`);
  });

  const brands = c.array(p.brands, 'plan.brands').map((id, i): BrandId => (id === null ? null : c.brandId(id, `plan.brands[${i}]`, today)));
  if (brands.length === 0) throw c.bad('plan.brands', 'must list at least one brand');
  if (new Set(brands.map(String)).size !== brands.length) throw c.bad('plan.brands', 'must not list a brand twice');
  if (brands.includes(null) && brands.length > 1) throw c.bad('plan.brands', 'may hold null (no brand id) only as its one brand');

  const plan: ManifestPlan = {
    endpoints: specs.map((e) => e.id),
    brands,
    all_markets: p.all_markets,
    market: market ?? null,
    format,
    period: flags.period,
    period_date: today,
    period_resolved: resolvePeriod(flags.period, today),
    params,
  };
  return { plan, specs };
}

function checkAccount(c: Checker, a: Record<string, unknown>, today: string): ManifestAccount {
  const api = c.string(a.api, 'account.api');
  const name = a.name === null ? null : c.string(a.name, 'account.name');
  const brands = c.array(a.brands, 'account.brands').map((id, i) => String(c.brandId(id, `account.brands[${i}]`, today)));
  return { api, name, brands };
}

/** The recorded brands, with their slugs made again from their names as the export makes them. */
function checkBrands(c: Checker, list: unknown[], plan: ManifestPlan, today: string): ManifestBrand[] {
  const checked = list.map((raw, i) => {
    const field = `brands[${i}]`;
    const b = c.object(raw, field);
    const id = b.id === null ? null : c.brandId(b.id, `${field}.id`, today);
    if (!plan.brands.some((p) => String(p) === String(id)))
      throw c.bad(`${field}.id`, `must be one of the plan's brands (${plan.brands.join(', ')}; got ${JSON.stringify(b.id)})`);
    const name = c.string(b.name, `${field}.name`);
    const markets = b.markets === null ? null : c.array(b.markets, `${field}.markets`).map((m, j) => c.market(m, `${field}.markets[${j}]`, today));
    const markets_from = c.oneOf(b.markets_from, MARKETS_FROM, `${field}.markets_from`);
    return { id, name, markets, markets_from };
  });
  if (new Set(checked.map((b) => String(b.id))).size !== checked.length) throw c.bad('brands', 'must not list a brand twice');
  const slugs = uniqueSlugs(checked.map((b) => ({ key: String(b.id), name: b.name, tag: String(b.id), fallback: 'brand' })));
  return checked.map((b) => ({ ...b, slug: slugs.get(String(b.id))! }));
}

/**
 * A file the manifest lists: its path must be laid out as the export lays out this
 * endpoint's files (`<brand>/[<market>/]<endpoint>.<ext>` or
 * `<brand>/[<market>/]<endpoint>/<item>.<ext>`), every folder a name the export makes.
 */
function checkFile(c: Checker, raw: unknown, field: string, format: string, endpoints: ReadonlyMap<string, EndpointSpec>, today: string): FileEntry {
  const f = c.object(raw, field);
  const endpointId = c.string(f.endpoint, `${field}.endpoint`);
  const endpoint = endpoints.get(endpointId);
  if (!endpoint) throw c.bad(`${field}.endpoint`, `must be one of the plan's endpoints (got "${endpointId}")`);
  const brand = c.object(f.brand, `${field}.brand`);
  const market = f.market === null ? null : c.market(f.market, `${field}.market`, today);
  const isItem = itemSource(endpoint) !== undefined;
  const item = f.item === null ? null : c.string(f.item, `${field}.item`);
  if ((item === null) === isItem) throw c.bad(`${field}.item`, isItem ? `must name the ${endpoint.id} item` : `must be null for ${endpoint.id}`);
  if ((market === null) === endpoint.market)
    throw c.bad(`${field}.market`, endpoint.market ? `must name the market of a ${endpoint.id} file` : `must be null for ${endpoint.id}`);

  const path = c.string(f.path, `${field}.path`);
  const parts = path.split('/');
  const [brandFolder, ...rest] = parts;
  const marketFolder = endpoint.market ? rest.shift() : undefined;
  const last = rest.at(-1) ?? '';
  const name = last.slice(0, last.length - format.length - 1);
  const laidOut =
    isSlugShaped(brandFolder!) &&
    (marketFolder === undefined || isMarketFolderShaped(marketFolder)) &&
    rest.length === (isItem ? 2 : 1) &&
    last === `${name}.${format}` &&
    (isItem ? rest[0] === endpoint.id && isSlugShaped(name) : name === endpoint.id);
  if (!laidOut) {
    const layout = ['<brand>', ...(endpoint.market ? ['<market>'] : []), ...(isItem ? [endpoint.id, '<item>'] : [endpoint.id])].join('/') + `.${format}`;
    throw c.bad(`${field}.path`, `must be laid out as the export writes ${endpoint.id} files, ${layout}, each folder a name it makes (got "${path}")`);
  }
  const entry: FileEntry = {
    path,
    endpoint: endpoint.id,
    brand: { id: brand.id === null ? null : c.brandId(brand.id, `${field}.brand.id`, today), name: c.string(brand.name, `${field}.brand.name`) },
    market,
    item,
    period: f.period === null ? null : (c.object(f.period, `${field}.period`) as FileEntry['period']),
    rows: c.count(f.rows, `${field}.rows`),
    bytes: c.count(f.bytes, `${field}.bytes`),
    fetched_at: c.string(f.fetched_at, `${field}.fetched_at`),
  };
  if (f.fetched_in_market !== undefined) entry.fetched_in_market = c.market(f.fetched_in_market, `${field}.fetched_in_market`, today);
  return entry;
}

/** A list read's record: its items go into requests as item arguments do, so they meet the same rule. */
function checkListed(c: Checker, raw: unknown, field: string, endpoints: ReadonlyMap<string, EndpointSpec>): ListedEntry {
  const l = c.object(raw, field);
  const endpointId = c.string(l.endpoint, `${field}.endpoint`);
  const endpoint = endpoints.get(endpointId);
  const source = endpoint ? itemSource(endpoint) : undefined;
  if (!source) throw c.bad(`${field}.endpoint`, `must be one of the plan's item endpoints (got "${endpointId}")`);
  const items = c.array(l.items, `${field}.items`).map((item, i) => {
    const key = c.string(item, `${field}.items[${i}]`);
    if (key.trim() === '') throw c.bad(`${field}.items[${i}]`, 'must not be empty');
    if ('path' in source.into) {
      try {
        pathSegment(key, `the ${endpoint!.id} item`);
      } catch (err) {
        throw c.bad(`${field}.items[${i}]`, `breaks the rule for item arguments: ${(err as Error).message}`);
      }
    }
    return key;
  });
  return { request: c.string(l.request, `${field}.request`), endpoint: endpoint!.id, date: c.date(l.date, `${field}.date`), items };
}
