/**
 * The export plan: which requests, for which brands and markets, written where, and what
 * that costs in reads. Pure: no I/O, so the dry run, the budget check and the run itself
 * all count from the same tasks.
 *
 * A task is one request (one read: every exportable endpoint counts against the budget;
 * the free /usage and /brands the plan starts from are not tasks). Its file goes to
 * `<brand-slug>/<market>/<endpoint>.<ext>`, or, for an endpoint that takes no market
 * (pitches, markets), `<brand-slug>/<endpoint>.<ext>`: such data belongs to the brand,
 * and one copy per market would be counted twice by anyone who adds the folders up.
 * Item endpoints write one file per item: `<brand-slug>/<market>/<endpoint>/<item>.<ext>`.
 *
 * Costs the plan cannot know without spending reads:
 * - with --all-markets, a brand whose markets the free /brands does not list needs
 *   GET /markets (1 read); until then it counts as one market (every brand has its
 *   primary market), so the cost is "at least";
 * - an item endpoint costs its list read (shared with the list endpoint when that is
 *   exported too) plus one read per item, known once the list is read; until then the
 *   items count as none, so the cost is again "at least".
 *
 * Reads saved: the reference says brand perception and the technical scan are identical
 * in every market, so with several markets they are read once per brand, in its first
 * market, and the same file is written into every market's folder.
 */
import type { EndpointId, EndpointSpec } from '../endpoints.js';
import { ENDPOINTS, marketsEndpoint } from '../endpoints.js';
import type { ChosenBrand } from '../services/brand-choice.js';
import { itemSource, listEndpointOf, type Item } from './items.js';
import { marketFolder, uniqueMarketFolders } from '../text/slug.js';

/** Reference, section 1: "Brand perception and the technical scan are identical in every market." */
export const SAME_IN_EVERY_MARKET: ReadonlySet<EndpointId> = new Set(ENDPOINTS.filter((e) => e.sameInEveryMarket).map((e) => e.id));

/** A brand of the export: as every command chooses it (src/services/brand-choice.ts), its slug naming its folder. */
export type ExportBrand = ChosenBrand;

export interface MarketSlot {
  /** The `market` query value; undefined lets the API use the brand's primary market. */
  param: string | undefined;
  /** Folder and display name; when undefined, learned from the first answer's meta.market. */
  label: string | undefined;
  /** The folder, when the brand has several markets whose codes could share one (uniqueMarketFolders). */
  folder?: string;
}

/** One slot per market code, each with a folder of its own. */
export function marketSlots(codes: readonly string[]): MarketSlot[] {
  const folders = uniqueMarketFolders(codes);
  return codes.map((code) => ({ param: code, label: code, folder: folders.get(code)! }));
}

export type MarketMode = { kind: 'one'; market: string | undefined } | { kind: 'all' };

export type MarketsFrom = 'flag' | 'primary' | 'brands' | 'markets';

export interface PlannedBrand {
  brand: ExportBrand;
  /** undefined until GET /markets has answered (--all-markets without a list from /brands). */
  slots: MarketSlot[] | undefined;
  marketsFrom: MarketsFrom;
}

export interface Task {
  endpoint: EndpointSpec;
  brand: ExportBrand;
  /** The market the request is for; undefined for endpoints that take no market. */
  slot: MarketSlot | undefined;
  /** Further markets whose folders get the same file (SAME_IN_EVERY_MARKET). */
  copies: MarketSlot[];
  item: Item | undefined;
  /** False for a list read only needed to learn the items of `feeds`. */
  write: boolean;
  /** Item endpoints whose items this list read yields. */
  feeds: EndpointSpec[];
  /** The list has been read and its item tasks added (or the failure recorded for them). */
  expanded: boolean;
  /** This is GET /markets, read to learn the brand's markets for --all-markets. */
  discoversMarkets: boolean;
  /** A stand-in for "each market" while the markets are unknown (dry run, estimates). */
  placeholder: boolean;
}

export function planBrand(brand: ExportBrand, mode: MarketMode): PlannedBrand {
  if (mode.kind === 'one') {
    const label = mode.market ?? brand.primaryMarket;
    return { brand, slots: [{ param: mode.market, label }], marketsFrom: mode.market !== undefined ? 'flag' : 'primary' };
  }
  if (brand.listedMarkets && brand.listedMarkets.length > 0) {
    return { brand, slots: marketSlots(brand.listedMarkets), marketsFrom: 'brands' };
  }
  return { brand, slots: undefined, marketsFrom: 'markets' };
}

function task(endpoint: EndpointSpec, brand: ExportBrand, slot: MarketSlot | undefined, over: Partial<Task> = {}): Task {
  return { endpoint, brand, slot, copies: [], item: undefined, write: true, feeds: [], expanded: false, discoversMarkets: false, placeholder: false, ...over };
}

/**
 * The tasks of one brand, in order: per market, the market endpoints in table order; then
 * the brand's own endpoints. Item endpoints appear as their list read (with `feeds`); their
 * item tasks are added by `itemTasks` once the list is read. With `slots` undefined the
 * brand starts with GET /markets and its market endpoints are planned for one
 * placeholder market.
 */
export function brandTasks(planned: PlannedBrand, endpoints: readonly EndpointSpec[]): Task[] {
  const { brand } = planned;
  const tasks: Task[] = [];
  const exportsMarkets = endpoints.some((e) => e.listsMarkets);
  const discover = planned.slots === undefined;
  if (discover) tasks.push(task(marketsEndpoint(), brand, undefined, { write: exportsMarkets, discoversMarkets: true }));

  const slots = planned.slots ?? [{ param: undefined, label: undefined }];
  const marketScoped = endpoints.filter((e) => e.market);
  // GET /markets read to learn the markets is the markets export too: never read it twice.
  const brandScoped = endpoints.filter((e) => !e.market && !(e.listsMarkets && planned.marketsFrom === 'markets'));

  const addGroup = (list: readonly EndpointSpec[], slot: MarketSlot | undefined, slotIndex: number) => {
    const lists = new Map<string, Task>();
    for (const e of list) {
      const source = itemSource(e);
      if (source) {
        let listTask = lists.get(source.list);
        if (!listTask) {
          listTask = task(listEndpointOf(e)!, brand, slot, { write: false, placeholder: discover && slot !== undefined });
          lists.set(source.list, listTask);
          tasks.push(listTask);
        }
        listTask.feeds.push(e);
        continue;
      }
      if (SAME_IN_EVERY_MARKET.has(e.id) && slot !== undefined && slots.length > 1) {
        if (slotIndex === 0) tasks.push(task(e, brand, slot, { copies: slots.slice(1) }));
        continue;
      }
      const existing = lists.get(e.id);
      if (existing) {
        existing.write = true; // cannot happen in table order (lists come first), but stay right if it does
        continue;
      }
      const t = task(e, brand, slot, { placeholder: discover && slot !== undefined });
      if (endpoints.some((x) => itemSource(x)?.list === e.id)) lists.set(e.id, t);
      tasks.push(t);
    }
  };

  slots.forEach((slot, i) => addGroup(marketScoped, slot, i));
  addGroup(brandScoped, undefined, 0);
  return tasks;
}

/** The item tasks a list read yields: one per item per endpoint it feeds. */
export function itemTasks(list: Task, itemsByEndpoint: ReadonlyMap<string, readonly Item[]>): Task[] {
  return list.feeds.flatMap((e) => (itemsByEndpoint.get(e.id) ?? []).map((item) => task(e, list.brand, list.slot, { item })));
}

export interface CostEstimate {
  /** Reads the tasks cost: exact when `exact`, otherwise a lower bound. */
  reads: number;
  exact: boolean;
  /** Brands whose markets are unknown until GET /markets answers. */
  unknownMarkets: ExportBrand[];
  /** Reads each further market adds, for a brand whose markets are unknown. */
  readsPerExtraMarket: number;
  /** Item endpoints whose items are not yet known, each with its list. */
  pendingItems: Array<{ endpoint: EndpointSpec; list: EndpointSpec }>;
}

/** What a set of tasks costs, and what it does not know yet. */
export function estimate(tasks: readonly Task[], endpoints: readonly EndpointSpec[]): CostEstimate {
  const unknownMarkets = [...new Set(tasks.filter((t) => t.discoversMarkets).map((t) => t.brand))];
  const pending = new Map<string, { endpoint: EndpointSpec; list: EndpointSpec }>();
  for (const t of tasks) if (!t.expanded) for (const e of t.feeds) pending.set(e.id, { endpoint: e, list: t.endpoint });
  const perMarket = endpoints.filter((e) => e.market && !SAME_IN_EVERY_MARKET.has(e.id));
  const lists = new Set(perMarket.filter((e) => itemSource(e)).map((e) => itemSource(e)!.list));
  const readsPerExtraMarket = perMarket.filter((e) => !itemSource(e) && !lists.has(e.id)).length + lists.size;
  return {
    reads: tasks.length,
    exact: unknownMarkets.length === 0 && pending.size === 0,
    unknownMarkets,
    readsPerExtraMarket,
    pendingItems: [...pending.values()],
  };
}

export type ExportFormatExt = 'csv' | 'json';

/** The folder of a brand's market (relative to the export folder). */
export function slotFolder(brand: ExportBrand, slot: MarketSlot | undefined): string {
  return slot === undefined ? brand.slug : `${brand.slug}/${slot.folder ?? marketFolder(slotLabel(slot))}`;
}

export function slotLabel(slot: MarketSlot): string {
  return slot.label ?? 'primary';
}

/** Where a task's file goes for one of its markets, relative to the export folder (always `/`). */
export function filePath(t: Pick<Task, 'endpoint' | 'brand' | 'item'>, slot: MarketSlot | undefined, ext: ExportFormatExt): string {
  const folder = slotFolder(t.brand, t.endpoint.market ? slot : undefined);
  return t.item ? `${folder}/${t.endpoint.id}/${t.item.slug}.${ext}` : `${folder}/${t.endpoint.id}.${ext}`;
}

/** The files a task writes, relative to the export folder. */
export function taskFiles(t: Task, ext: ExportFormatExt): string[] {
  return (t.endpoint.market ? [t.slot, ...t.copies] : [undefined]).map((slot) => filePath(t, slot, ext));
}

/** Every file of the task is among `written` (an earlier run's, for --resume). */
export function writtenBefore(t: Task, written: { has(path: string): boolean } | undefined, ext: ExportFormatExt): boolean {
  return written !== undefined && t.write && !t.placeholder && taskFiles(t, ext).every((p) => written.has(p));
}

/** A task --resume need not send: its files are written and it lists no items. */
export function leftToRead(t: Task, written: { has(path: string): boolean } | undefined, ext: ExportFormatExt): boolean {
  return t.feeds.length > 0 || !writtenBefore(t, written, ext);
}
