/**
 * `vis export --resume`: what an earlier run of the export was asked (the manifest's
 * `plan`), compared with what this command line asks. Pure: no I/O.
 *
 * A resume re-uses the recorded plan: endpoints, brands, markets, period, format and
 * --param. Flags given on the command line must agree with it (a difference is refused,
 * exit 2, named); flags left out are taken from it, not from VIS_* or the profile.
 *
 * The period: a relative one (--days, each endpoint's default, --from without --to)
 * counts back from the day the export began. Resumed on another day it would cover other
 * dates than the files already written, so it is refused; --from with --to can be resumed
 * on any day. A resume never mixes periods.
 */
import { addDays } from '../domain/dates.js';
import type { PeriodFlags } from '../domain/period.js';
import type { EndpointSpec } from '../endpoints.js';
import { UsageError } from '../errors.js';
import { isPlainObject } from '../output/flatten.js';
import type { FileEntry, ManifestAccount, ManifestBrand, ManifestPlan } from './manifest.js';
import { exportableEndpoints, type ExportOptions } from './options.js';
import { marketSlots, planBrand, type ExportBrand, type MarketMode, type PlannedBrand } from './plan.js';

/** The period as dates: --days N is the N days up to `today`; --from without --to ends `today`. */
export function resolvePeriod(period: PeriodFlags, today: string): { from: string; to: string } | null {
  if (period.from !== undefined) return { from: period.from, to: period.to ?? today };
  if (period.days !== undefined) return { from: addDays(today, -(period.days - 1)), to: today };
  return null;
}

export function periodFlagsText(p: PeriodFlags): string {
  const parts = [
    ...(p.days !== undefined ? [`--days ${p.days}`] : []),
    ...(p.from !== undefined ? [`--from ${p.from}`] : []),
    ...(p.to !== undefined ? [`--to ${p.to}`] : []),
  ];
  return parts.length > 0 ? parts.join(' ') : 'each endpoint’s default';
}

const samePeriod = (a: PeriodFlags, b: PeriodFlags) => a.days === b.days && a.from === b.from && a.to === b.to;

/** What the command line asks that the recorded plan does not; empty when they agree. */
export function planDifferences(plan: ManifestPlan, brands: readonly ManifestBrand[], opts: ExportOptions): string[] {
  const out: string[] = [];
  const ids = opts.endpoints.map((e) => e.id);
  if (opts.only && ids.join(',') !== plan.endpoints.join(',')) out.push(`endpoints (--only ${ids.join(',')}; the export has ${plan.endpoints.join(',')})`);
  if (opts.format !== undefined && opts.format !== plan.format) out.push(`format (--format ${opts.format}; the export is ${plan.format})`);
  const period = opts.flags.period;
  const given = Object.values(period).some((v) => v !== undefined);
  if (given && !samePeriod(period, plan.period)) out.push(`period (${periodFlagsText(period)}; the export has ${periodFlagsText(plan.period)})`);
  if (opts.allMarkets && !plan.all_markets) out.push(`markets (--all-markets; the export has ${plan.market ?? 'the primary market'})`);
  const market = opts.flags.market;
  if (market !== undefined && (plan.all_markets || market !== plan.market)) {
    out.push(`markets (--market ${market}; the export has ${plan.all_markets ? 'every market' : (plan.market ?? 'the primary market')})`);
  }
  const brand = opts.flags.brand?.trim();
  if (brand !== undefined) {
    const one = plan.brands.length === 1 ? brands.find((b) => String(b.id) === String(plan.brands[0])) : undefined;
    const matches = one !== undefined && (String(one.id) === brand || one.name.trim().toLowerCase() === brand.toLowerCase());
    if (!matches) out.push(`brands (--brand ${brand}; the export has ${brandList(plan, brands)})`);
  }
  const params = opts.flags.params;
  if (params.length > 0 && JSON.stringify(params) !== JSON.stringify(plan.params)) {
    out.push(`--param (${params.map(([k, v]) => `${k}=${v}`).join(' ')}; the export has ${plan.params.map(([k, v]) => `${k}=${v}`).join(' ') || 'none'})`);
  }
  return out;
}

function brandList(plan: ManifestPlan, brands: readonly ManifestBrand[]): string {
  return plan.brands.map((id) => `${id} ${brands.find((b) => String(b.id) === String(id))?.name ?? ''}`.trim()).join(', ');
}

/** --all-brands with a different set of brands than the export's, found once GET /brands has answered. */
export function brandsDiffer(planned: ManifestPlan['brands'], accountIds: ReadonlyArray<string | number>): boolean {
  const a = planned.map(String).sort().join(',');
  const b = accountIds.map(String).sort().join(',');
  return a !== b;
}

/** The endpoints of the recorded plan. */
export function planEndpoints(plan: ManifestPlan): EndpointSpec[] {
  const valid = exportableEndpoints();
  const unknown = plan.endpoints.filter((id) => !valid.some((e) => e.id === id));
  if (unknown.length > 0) throw new UsageError(`--resume: the export's endpoints include ${unknown.join(', ')}, which this vis does not export`);
  return plan.endpoints.map((id) => valid.find((e) => e.id === id)!);
}

/** Why a relative period cannot be resumed today, if it cannot. */
export function periodDayProblem(plan: ManifestPlan, today: string): string | undefined {
  const absolute = plan.period.from !== undefined && plan.period.to !== undefined;
  if (absolute || plan.period_date === today) return undefined;
  return `--resume: the export's period (${periodFlagsText(plan.period)}) counts back from ${plan.period_date}, and today is ${today}: the files still missing would cover other days than those written`;
}

/** The base URL as compared: scheme and host in lower case, no default port, no trailing slash; undefined when it is no URL. */
export function normaliseBaseUrl(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/** The API an export reads from: --demo's sandbox listens on another port each run and serves the same data, so it is one API, `demo`. */
export function exportApi(demo: boolean, baseUrl: string | undefined): string {
  return demo ? 'demo' : (normaliseBaseUrl(baseUrl ?? '') ?? '');
}

/**
 * The account as GET /usage names it, when it does: `account_id`, `account.id`, or an
 * `account` that is itself an id or a name (the sandbox sends the account's name). The
 * reference does not show the fields, so anything else is "does not say" (null).
 */
export function accountNameFromUsage(data: unknown): string | null {
  if (!isPlainObject(data)) return null;
  const scalar = (v: unknown) => ((typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : undefined);
  const account = data.account;
  return scalar(data.account_id) ?? (isPlainObject(account) ? (scalar(account.id) ?? scalar(account.name)) : scalar(account)) ?? null;
}

/**
 * Who an export belongs to. The key is never kept, not even hashed: the account is
 * told apart by the API it was read from, the name GET /usage gives the account (when it
 * gives one), and the set of brand ids GET /brands lists, which are the API's own ids of
 * the account's data. All free reads.
 */
export function exportAccount(api: string, usage: unknown, brandIds: ReadonlyArray<string | number>): ManifestAccount {
  return { api, name: accountNameFromUsage(usage), brands: [...new Set(brandIds.map(String))].sort() };
}

function accountText(a: ManifestAccount): string {
  const brands = a.brands.length > 0 ? `brands ${a.brands.join(', ')}` : 'no brands';
  return `${a.name === null ? 'an account' : `account "${a.name}"`} with ${brands}`;
}

/**
 * Why the export cannot be resumed with this account, if it cannot: another API (the
 * base URLs compared normalised), another account name, or another set of brands. A
 * brand added to or removed from the account since the export began counts as another
 * account too: a resume never mixes what two sets of brands were read under.
 */
export function accountDifference(recorded: ManifestAccount, current: ManifestAccount): string | undefined {
  if (recorded.api !== current.api) return `the export was read from ${recorded.api}, and this run would read from ${current.api}`;
  const same = recorded.name === current.name && recorded.brands.join('\n') === current.brands.join('\n');
  return same ? undefined : `the export belongs to ${accountText(recorded)}, and this key to ${accountText(current)}`;
}

/**
 * A brand of the export, planned as the export planned it. The markets an earlier run
 * read GET /markets for are not read again, and a primary market the first run learned
 * from an answer (GET /brands did not name it) keeps its folder: otherwise the files
 * already written there would not be found, and one would be read again. A fresh export
 * has nothing recorded: each brand is planned anew (planBrand).
 */
export function resumePlannedBrand(
  brand: ExportBrand,
  mode: MarketMode,
  recorded: readonly ManifestBrand[],
  written: ReadonlyMap<string, FileEntry>,
): PlannedBrand {
  const own = recorded.find((pb) => String(pb.id) === String(brand.id ?? null));
  if (own?.markets_from === 'markets' && own.markets !== null) return { brand, slots: marketSlots(own.markets), marketsFrom: 'markets' };
  const planned = planBrand(brand, mode);
  const slot = planned.slots?.length === 1 ? planned.slots[0]! : undefined;
  const learned = own?.markets_from === 'primary' && own.markets?.length === 1 ? own.markets[0]! : undefined;
  if (slot && slot.param === undefined && slot.label === undefined && learned !== undefined) {
    const used = [...written.values()].some((f) => String(f.brand.id) === String(brand.id ?? null) && f.market === learned);
    if (used) slot.label = learned;
  }
  return planned;
}
