/**
 * Which recorded brands and markets `vis changes` compares, from the store alone (no
 * request): --brand values are matched against the recorded brands' ids and names
 * (the newest name recorded), as `vis <command> --brand` matches GET /brands; a value
 * that is no recorded brand's whole id or name is split at its commas.
 */
import { UsageError } from '../../errors.js';
import { closeName } from '../../text/close-name.js';
import { sanitizeForTerminal } from '../../text/sanitize.js';
import type { RecordedScope } from '../types.js';

export interface ScopeWish {
  /** --brand values as typed; 'all' for --all-brands; undefined: the configured brand, else every one. */
  brands: readonly string[] | 'all' | undefined;
  markets: readonly string[] | 'all' | undefined;
  /** The configured brand and market (VIS_BRAND, the profile), used when no flag names one. */
  configuredBrand?: { value: string; source: string } | undefined;
  configuredMarket?: { value: string; source: string } | undefined;
}

/** The recorded brand a value names (its id, or its whole name, any case), or undefined. */
function recordedBrand(value: string, scopes: readonly RecordedScope[]): string | undefined {
  const v = value.trim();
  if (scopes.some((s) => s.brandId === v)) return v;
  const named = [...new Set(scopes.filter((s) => s.brandName !== null && s.brandName.trim().toLowerCase() === v.toLowerCase()).map((s) => s.brandId))];
  return named.length === 1 ? named[0] : undefined;
}

function recordedBrands(scopes: readonly RecordedScope[]): Array<{ id: string; name: string | null }> {
  const seen = new Map<string, string | null>();
  for (const s of scopes) if (!seen.has(s.brandId) || seen.get(s.brandId) === null) seen.set(s.brandId, s.brandName);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * The refusal of a brand the history holds nothing of: named with the flag it came from,
 * the recorded brand it is closest to (suggested, never taken) and every recorded brand.
 */
export function notRecorded(flag: string, value: string, scopes: readonly RecordedScope[]): UsageError {
  const brands = recordedBrands(scopes);
  const named = brands.flatMap((b) => (b.name === null ? [] : [{ id: b.id, name: b.name }]));
  const close = closeName(value, named);
  const list = brands.map((b) => (b.name === null ? b.id : `${b.id} ${sanitizeForTerminal(b.name)}`)).join(', ');
  return new UsageError(`${flag}: no brand "${sanitizeForTerminal(value)}" in the history (none of its answers was recorded)`, {
    hint:
      brands.length > 0
        ? `${close ? `Did you mean "${sanitizeForTerminal(close.name)}" (${close.id})? ` : ''}Recorded brands: ${list}`
        : 'Nothing is recorded yet: any data command records what it reads (vis changes --fetch reads what it compares).',
  });
}

/** The brand ids and market codes to compare; undefined: every one recorded. Throws UsageError for a brand the history does not hold. */
export function chooseRecordedScopes(scopes: readonly RecordedScope[], wish: ScopeWish): { brandIds: string[] | undefined; markets: string[] | undefined } {
  const resolve = (value: string, flag: string): string[] => {
    const whole = recordedBrand(value, scopes);
    if (whole !== undefined) return [whole];
    return value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .map((p) => {
        const id = recordedBrand(p, scopes);
        if (id !== undefined) return id;
        throw notRecorded(flag, p, scopes);
      });
  };
  let brandIds: string[] | undefined;
  if (Array.isArray(wish.brands)) brandIds = [...new Set(wish.brands.flatMap((v) => resolve(v, '--brand')))];
  else if (wish.brands === undefined && wish.configuredBrand) brandIds = resolve(wish.configuredBrand.value, wish.configuredBrand.source);
  return { brandIds, markets: chooseMarkets(wish.markets, wish.configuredMarket) };
}

/** The market codes to compare: those named, the configured one, else undefined (every one). */
export function chooseMarkets(markets: ScopeWish['markets'], configured: ScopeWish['configuredMarket']): string[] | undefined {
  if (Array.isArray(markets)) return [...new Set(markets)];
  if (markets === undefined && configured) return [configured.value];
  return undefined;
}
