/**
 * Which brand × market reads a data command asked for several takes: the brands chosen
 * as the export chooses them (from the free GET /brands), each brand's markets, and one
 * request per brand × market, or per brand for data the reference calls identical in
 * every market (read in the brand's primary market, as a plain `vis <command>` reads it,
 * so the two share the cached answer).
 */
import { UsageError } from '../../../errors.js';
import type { BrandRecord } from '../../../api/account.js';
import type { ScopeMarket } from '../../../domain/scope.js';
import type { EndpointSpec } from '../../../endpoints.js';
import { chooseBrands } from '../../../export/fresh-or-resumed.js';
import { planBrand, SAME_IN_EVERY_MARKET, type ExportBrand } from '../../../export/plan.js';
import type { ApiRequest } from '../../../http/client.js';
import type { PlannedScope, ScopeAsk } from '../../../services/scopes.js';
import type { Sourced } from '../../../services/settings.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';

/** Is `value` exactly one brand's id or whole name (a name may hold a comma)? */
export function wholeBrand(value: string, records: readonly BrandRecord[]): BrandRecord | undefined {
  const wanted = value.trim().toLowerCase();
  const byId = records.filter((r) => String(r.id) === value.trim());
  if (byId.length === 1) return byId[0];
  const byName = records.filter((r) => r.name.trim().toLowerCase() === wanted);
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * The brands asked for, in the order given and each once: all of them, each --brand value
 * (one that is a whole name or id as it is, else split at its commas), the configured
 * brand, or the account's only one.
 */
export function selectBrands(ask: ScopeAsk['brands'], configured: Sourced<string> | undefined, records: BrandRecord[]): ExportBrand[] {
  const base = { dir: '', recordedBrands: [] };
  if (ask === 'all') return chooseBrands({ ...base, brands: { kind: 'all' } }, records);
  const named = (value: string, source: string) => chooseBrands({ ...base, brands: { kind: 'named', setting: { value, source } } }, records);
  let chosen: ExportBrand[];
  if (ask !== undefined) {
    const values = ask.flatMap((v) =>
      wholeBrand(v, records)
        ? [v]
        : v
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== ''),
    );
    chosen = values.flatMap((v) => named(v, '--brand'));
  } else if (configured) {
    chosen = named(configured.value, configured.source);
  } else if (records.length === 1) {
    chosen = chooseBrands({ ...base, brands: { kind: 'only' } }, records);
  } else {
    const list = records.map((r) => `${r.id} ${sanitizeForTerminal(r.name)}`).join(', ');
    throw new UsageError(`this account has ${records.length} brands: choose them with --brand A,B, or read them all with --all-brands`, {
      code: 'brand_required',
      hint: `Brands: ${list}`,
    });
  }
  const seen = new Set<string>();
  return chosen.filter((b) => {
    const key = String(b.id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The market part of a brand's request and result: a code sent, or its primary market, as
 * GET /brands names it; when it does not, the code is empty until the answer names it.
 */
function marketScope(brand: ExportBrand, code: string | undefined): { param: string | undefined; market: ScopeMarket } {
  return { param: code, market: { code: code ?? brand.primaryMarket ?? '', label: null } };
}

/**
 * The reads of one brand, in output order. `markets`: the codes to read (undefined: the
 * configured market, else the primary one). Data without a market, or the same in every
 * market, is one read with `market` null.
 */
export function brandScopes(
  spec: EndpointSpec,
  brand: ExportBrand,
  markets: readonly string[] | undefined,
  base: { path: string; query: ReadonlyArray<readonly [string, string]> },
): PlannedScope[] {
  const request = (param: string | undefined): ApiRequest => ({
    method: 'GET',
    path: base.path,
    query: [
      ...(brand.id === undefined ? [] : [['brand_id', String(brand.id)] as [string, string]]),
      ...(param === undefined ? [] : [['market', param] as [string, string]]),
      ...base.query.map(([k, v]) => [k, v] as [string, string]),
    ],
  });
  if (!spec.market || SAME_IN_EVERY_MARKET.has(spec.id)) return [{ brand, param: undefined, market: null, request: request(undefined) }];
  return (markets ?? [undefined]).map((code) => {
    const m = marketScope(brand, code);
    return { ...m, brand, request: request(m.param) };
  });
}

/** The market codes of each brand asked for by --market or --all-markets; undefined: the default. */
export interface MarketPlan {
  /** Codes per brand id, where known. */
  known: Map<string, string[] | undefined>;
  /** Brands whose markets GET /markets must tell (--all-markets, not listed by GET /brands). */
  discover: ExportBrand[];
}

export function planMarkets(spec: EndpointSpec, brands: readonly ExportBrand[], ask: ScopeAsk['markets'], configured: string | undefined): MarketPlan {
  const known = new Map<string, string[] | undefined>();
  const discover: ExportBrand[] = [];
  // One read per brand whatever the markets: no need to learn them.
  const perBrand = !spec.market || SAME_IN_EVERY_MARKET.has(spec.id);
  for (const brand of brands) {
    if (ask === 'all' && !perBrand) {
      const planned = planBrand(brand, { kind: 'all' });
      if (planned.slots)
        known.set(
          String(brand.id),
          planned.slots.map((s) => s.param!),
        );
      else discover.push(brand);
    } else {
      known.set(String(brand.id), ask === 'all' ? undefined : (ask?.slice() ?? (configured === undefined ? undefined : [configured])));
    }
  }
  return { known, discover };
}
