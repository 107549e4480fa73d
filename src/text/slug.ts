/**
 * File and folder names from text the API sends (brand names, topic ids, competitor
 * names, buyer questions), safe on every file system an export may land on: lowercase
 * ASCII letters, digits and `-`, never empty, never a reserved Windows device name, never
 * longer than MAX_SLUG characters, never starting with `.` (no hidden files, no `..`).
 *
 * Names that slug the same are told apart by a suffix derived from what identifies them
 * (a brand's id, a hash of an item's key), never from their order, so a brand or topic
 * keeps its folder from one cron run to the next when others come and go.
 */
import { sha256Hex } from '../domain/sha256.js';

export const MAX_SLUG = 60;

/** CON, PRN, AUX, NUL, COM1-9, LPT1-9: Windows refuses these as names, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/**
 * `Northwind CRM` -> `northwind-crm`; `Welches CRM für Start-ups?` -> `welches-crm-fur-start-ups`.
 * Letters with accents lose them (NFKD), anything else that is not [a-z0-9] separates
 * words. The result may be empty (a name written only in, say, Japanese): callers supply
 * a fallback.
 */
export function slugify(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\u00df/g, 'ss') // ß
    .replace(/\u00e6/g, 'ae') // æ
    .replace(/\u00f8/g, 'o') // ø
    .replace(/\u0153/g, 'oe') // œ: escaped, see checkOneByte in scripts/build.mjs
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return trimSlug(ascii);
}

function trimSlug(slug: string): string {
  return slug.length <= MAX_SLUG ? slug : slug.slice(0, MAX_SLUG).replace(/-+$/, '');
}

/** A short, stable tag for a key: the first 8 hex digits of its SHA-256. */
export function shortHash(key: string): string {
  return sha256Hex(key).slice(0, 8);
}

export interface SlugEntry {
  /** What identifies the thing (a brand id, an item key); unique among the entries. */
  key: string;
  /** The text to slug (a brand's name, an item's id or name). */
  name: string;
  /** The suffix that tells it apart when its slug is taken, empty or reserved. */
  tag: string;
  /** Used when the name slugs to nothing: `brand`, `item`. */
  fallback: string;
}

/**
 * A unique slug per entry, keyed by `key`. Every entry whose slug collides with another's
 * gets its tag appended (all of them, not just the later ones, so the result does not
 * depend on order); a name that slugs to nothing becomes `<fallback>-<tag>`.
 */
export function uniqueSlugs(entries: readonly SlugEntry[]): Map<string, string> {
  const base = new Map<string, string>();
  for (const e of entries) {
    const s = slugify(e.name);
    base.set(e.key, s === '' ? `${e.fallback}-${slugTag(e.tag)}` : WINDOWS_RESERVED.test(s) ? `${s}-${slugTag(e.tag)}` : s);
  }
  const counts = countValues(base);
  const result = new Map<string, string>();
  for (const e of entries) {
    const s = base.get(e.key)!;
    result.set(e.key, counts.get(s)! > 1 ? withTag(s, e.tag) : s);
  }
  // A tagged slug can still meet another entry's untouched one (`acme-2` named so, and
  // `Acme` with id 2): then number the later ones. Pathological, so order may decide.
  const seen = new Set<string>();
  for (const e of entries) {
    let s = result.get(e.key)!;
    for (let n = 2; seen.has(s); n++) s = withTag(result.get(e.key)!, String(n));
    seen.add(s);
    result.set(e.key, s);
  }
  return result;
}

function slugTag(tag: string): string {
  return slugify(tag) || shortHash(tag);
}

function withTag(slug: string, tag: string): string {
  const t = slugTag(tag);
  return `${trimSlug(slug)
    .slice(0, MAX_SLUG - t.length - 1)
    .replace(/-+$/, '')}-${t}`;
}

function countValues(map: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of map.values()) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/**
 * A market code as a folder name. Codes (`US-en`) are kept as they are, case included;
 * anything outside [A-Za-z0-9_-] becomes `-`, so an odd value from a flag or the API can
 * never climb out of the brand's folder.
 */
export function marketFolder(code: string): string {
  const safe = code
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG);
  if (safe === '') return `market-${shortHash(code)}`;
  return WINDOWS_RESERVED.test(safe.toLowerCase()) ? `${safe}-market` : safe;
}

/**
 * A folder per market code, keyed by the code: `marketFolder`, and where two codes give
 * folders that differ only in case or not at all (`US-en`, `US en`, `us-en`), each of them
 * gets a hash of its code appended, as brand and item slugs get their tag, so no two
 * markets share a folder on a file system that ignores case, whatever order they come in.
 */
export function uniqueMarketFolders(codes: readonly string[]): Map<string, string> {
  const unique = [...new Set(codes)];
  const base = new Map(unique.map((code) => [code, marketFolder(code)]));
  const counts = new Map<string, number>();
  for (const folder of base.values()) counts.set(folder.toLowerCase(), (counts.get(folder.toLowerCase()) ?? 0) + 1);
  const result = new Map<string, string>();
  const seen = new Set<string>();
  for (const code of unique) {
    const folder = base.get(code)!;
    const tagged = counts.get(folder.toLowerCase())! > 1 ? withTag(folder, shortHash(code)) : folder;
    // A tagged folder can still meet another code's untouched one: number the later ones.
    let s = tagged;
    for (let n = 2; seen.has(s.toLowerCase()); n++) s = withTag(tagged, String(n));
    seen.add(s.toLowerCase());
    result.set(code, s);
  }
  return result;
}

/** Could `uniqueSlugs` have made this name: [a-z0-9-] only, so never `.`, `..`, a `/` or a hidden file. */
export function isSlugShaped(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(name) && name.length <= 2 * MAX_SLUG && !WINDOWS_RESERVED.test(name);
}

/** Could `uniqueMarketFolders` have made this name: [A-Za-z0-9_-] only, never a reserved device name. */
export function isMarketFolderShaped(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(name) && name.length <= 2 * MAX_SLUG && !WINDOWS_RESERVED.test(name.toLowerCase());
}
