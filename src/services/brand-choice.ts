/**
 * Which of the account's brands a command reads: all of them, the ones named (an id, or a
 * name matched case-insensitively), the configured one, or the account's only one, each
 * with a folder-safe slug made from every brand of the account, so a brand's slug is the
 * same whether it is read alone or with the others. The data commands, `vis report`, `vis
 * changes --fetch` and `vis export` all choose so. Pure: GET /brands was read before.
 */
import type { BrandRecord } from '../api/account.js';
import { NotFoundError, UsageError } from '../errors.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { uniqueSlugs } from '../text/slug.js';

/** A brand as the reads and the export's files need it. */
export interface ChosenBrand {
  /** Sent as brand_id; undefined only when /brands listed nothing and no --brand was given. */
  id: string | number | undefined;
  name: string;
  slug: string;
  primaryMarket?: string;
  /** Market codes the free /brands listed for the brand. */
  listedMarkets?: string[];
}

/** How the brands are chosen once GET /brands has answered. */
export type BrandAsk =
  /** --all-brands. */
  | { kind: 'all' }
  /** --brand, VIS_BRAND or the profile: an id, or a name matched case-insensitively. */
  | { kind: 'named'; setting: { value: string; source: string } }
  /** The account's only brand (or none). */
  | { kind: 'only' };

/** What the scope flags asked for: brands as typed (one value may name several, A,B), or all. */
export type BrandsAsked = readonly string[] | 'all' | undefined;

/** Every brand of the account, each with its slug (unique among them, stable from one run to the next). */
export function brandsWithSlugs(records: readonly BrandRecord[]): ChosenBrand[] {
  const slugs = uniqueSlugs(records.map((r) => ({ key: String(r.id), name: r.name, tag: String(r.id), fallback: 'brand' })));
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    slug: slugs.get(String(r.id))!,
    ...(r.primaryMarket !== undefined ? { primaryMarket: r.primaryMarket } : {}),
    ...(r.markets !== undefined ? { listedMarkets: r.markets } : {}),
  }));
}

/** The brands `choice` names among `records`; refused (not found, ambiguous, several without a choice) with the account's brands as the hint. */
export function chooseBrands(choice: BrandAsk, records: BrandRecord[]): ChosenBrand[] {
  const all = brandsWithSlugs(records);
  const toBrand = (r: BrandRecord): ChosenBrand => all[records.indexOf(r)]!;
  const list = records.map((r) => `${r.id} ${sanitizeForTerminal(r.name)}`).join(', ');

  if (choice.kind === 'all') {
    if (records.length === 0) throw new NotFoundError('GET /brands listed no brands, so there is nothing to export', { code: 'brand_not_found' });
    return records.map(toBrand);
  }
  if (choice.kind === 'named') {
    const { setting } = choice;
    const wanted = setting.value.trim();
    const byId = records.filter((r) => String(r.id) === wanted);
    if (byId.length === 1) return [toBrand(byId[0]!)];
    const byName = records.filter((r) => r.name.trim().toLowerCase() === wanted.toLowerCase());
    if (byName.length === 1) return [toBrand(byName[0]!)];
    if (byName.length > 1) throw new UsageError(`${setting.source}: several brands are named "${setting.value}"`, { hint: `Use the id instead: ${list}` });
    if (records.length === 0 && /^\d+$/.test(wanted)) return [{ id: wanted, name: `brand ${wanted}`, slug: `brand-${wanted}` }];
    throw new NotFoundError(`${setting.source}: no brand "${setting.value}" on this account`, {
      code: 'brand_not_found',
      hint: list ? `Brands: ${list}` : 'GET /brands listed no brands.',
    });
  }
  if (records.length === 1) return [toBrand(records[0]!)];
  if (records.length === 0) return [{ id: undefined, name: 'brand', slug: 'brand' }];
  throw new UsageError(`this account has ${records.length} brands: choose one with --brand <id|name>, or export them all with --all-brands`, {
    code: 'brand_required',
    hint: `Brands: ${list}`,
  });
}

/** Is `value` exactly one brand's id or whole name (a name may hold a comma)? */
export function wholeBrand(value: string, records: readonly BrandRecord[]): BrandRecord | undefined {
  const wanted = value.trim().toLowerCase();
  const byId = records.filter((r) => String(r.id) === value.trim());
  if (byId.length === 1) return byId[0];
  const byName = records.filter((r) => r.name.trim().toLowerCase() === wanted);
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * The brands a command reading several asked for, in the order given and each once: all
 * of them, each --brand value (one that is a whole name or id as it is, else split at its
 * commas), the configured brand, or the account's only one.
 */
export function selectBrands(ask: BrandsAsked, configured: { value: string; source: string } | undefined, records: BrandRecord[]): ChosenBrand[] {
  if (ask === 'all') return chooseBrands({ kind: 'all' }, records);
  const named = (value: string, source: string) => chooseBrands({ kind: 'named', setting: { value, source } }, records);
  let chosen: ChosenBrand[];
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
    chosen = chooseBrands({ kind: 'only' }, records);
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
