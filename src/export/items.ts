/**
 * Endpoints that read one item (a topic, a task, a competitor, a pitch) or need one
 * argument per call (the runs of one buyer question) are exported item by item: their
 * list is read first, then each item of it. This says where each one's items come from:
 * which list endpoint, which field of its rows, and where the value goes in the request:
 * the `itemsFrom` entries of the endpoint table. A test checks they cover every
 * endpoint that `needsArgument` and is exportable.
 */
import { ENDPOINTS, endpointById, type EndpointId, type EndpointSpec, type ItemSource } from '../endpoints.js';
import { isPlainObject, selectRows } from '../output/flatten.js';
import { shortHash, uniqueSlugs } from '../text/slug.js';

export type { ItemSource };

/** Partial: only endpoints that take one argument per call have items. */
export const ITEM_SOURCES: Readonly<Partial<Record<EndpointId, ItemSource>>> = Object.fromEntries(
  ENDPOINTS.flatMap((e) => (e.itemsFrom ? [[e.id, e.itemsFrom] as const] : [])),
);

export function itemSource(spec: EndpointSpec): ItemSource | undefined {
  return ITEM_SOURCES[spec.id];
}

export function listEndpointOf(spec: EndpointSpec): EndpointSpec | undefined {
  const source = itemSource(spec);
  return source ? endpointById(source.list) : undefined;
}

export interface Item {
  /** The value as the list gave it: what goes into the request. */
  key: string;
  /** File name (without extension) for this item's file. */
  slug: string;
}

/** The list's rows did not carry the field that names an item. */
export class ItemFieldError extends Error {
  constructor(
    readonly endpoint: string,
    readonly list: string,
    readonly field: string,
  ) {
    super(`the ${list} list has rows without a "${field}", so ${endpoint} cannot name its items`);
    this.name = 'ItemFieldError';
  }
}

/**
 * The items of `spec` in the list payload `listData`, in list order, without duplicates.
 * Rows the API marks as the brand itself (`is_brand: true`) or that carry the brand's own
 * name are left out where the source says so (`skipsBrand`: the brand is not its own
 * competitor).
 */
export function itemsFromList(spec: EndpointSpec, listData: unknown, brandName: string | undefined): Item[] {
  const source = itemSource(spec);
  if (!source) return [];
  const list = endpointById(source.list);
  const { rows } = selectRows(listData, { collection: list.collection });
  const keys: string[] = [];
  for (const row of rows) {
    if (!isPlainObject(row)) throw new ItemFieldError(spec.id, list.id, source.field);
    const v = row[source.field];
    if (!(typeof v === 'string' || typeof v === 'number') || String(v).trim() === '') {
      throw new ItemFieldError(spec.id, list.id, source.field);
    }
    if (source.skipsBrand && isBrandRow(row, String(v), brandName)) continue;
    keys.push(String(v));
  }
  return itemsOfKeys(keys);
}

/** Items from their keys, in order, without duplicates: a list's (above) or the ones a manifest recorded (--resume). */
export function itemsOfKeys(keys: readonly string[]): Item[] {
  const unique = [...new Set(keys)];
  const slugs = uniqueSlugs(unique.map((key) => ({ key, name: key, tag: shortHash(key), fallback: 'item' })));
  return unique.map((key) => ({ key, slug: slugs.get(key)! }));
}

function isBrandRow(row: Record<string, unknown>, name: string, brandName: string | undefined): boolean {
  if (row.is_brand === true) return true;
  return brandName !== undefined && name.trim().toLowerCase() === brandName.trim().toLowerCase();
}
