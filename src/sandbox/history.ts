/**
 * The demo's history, simulated: what a daily `vis export` of the demo account would have
 * recorded on each of the DEMO_HISTORY_DAYS scan days ending with the demo's day, made on
 * the fly from the sandbox's own data (nothing is stored). A day's answer is the sandbox's
 * answer read at that day's moment, so figures drift as the simulation does; on top of it,
 * a handful of moves a real brand makes are drawn per brand, market and day (a topic up or
 * down, an engine that stopped or started naming the brand for a question, a new rival or
 * one gone, a page that lost its citations): each day's `vis changes`
 * lists that day's moves.
 *
 * The demo's day is the answer `vis --demo` reads now, exactly: the moves are drawn from
 * it backwards (each earlier day undoes the moves of the day after), so the history always
 * ends on what the data commands show. Engines' states per question are the demo day's on
 * every day but for the moves: drawn afresh each day, they would flip by the dozen. With
 * the data fixed at one moment (`dataAt`, tests) there are no moves: only `edits` change it.
 */
import { DEMO_HISTORY_DAYS } from '../domain/demo.js';
import { accountByKey, type DemoAccount } from './accounts.js';
import { DAY_MS, addDays, daysBetween } from './data/dates.js';
import { rngFor, type Rng } from './data/prng.js';
import type { SandboxOptions } from './options.js';
import { sandboxSimulator } from './server.js';

/** As the model's scan (data/model.ts): the day's answers are in by 04:00 UTC. */
const SCAN_READY_UTC_HOUR = 4;

type Pairs = ReadonlyArray<readonly [string, string]>;

/** A brand of the demo account and its markets, as the history holds them. */
export interface DemoScope {
  brandId: string;
  brandName: string;
  markets: Array<{ code: string; label: string }>;
}

/** What one day differs by from the sandbox's answer: the moves of the days after it, undone. */
interface Overlay {
  /** Points added to a topic's visibility, by topic id. */
  topics: Map<string, number>;
  /** An engine's state for a question, by `question\nengine`. */
  states: Map<string, string>;
  /** Rivals not yet (or no longer) listed, by name. */
  hidden: Set<string>;
  /** A page's citations, by URL. */
  citations: Map<string, number>;
}

/** What the moves are drawn from: the demo day's answers of the four lists they touch. */
interface Base {
  topics: Array<{ id: string; visibility: number }>;
  cells: Array<{ key: string; state: string }>;
  rivals: string[];
  pages: Array<Record<string, unknown> & { url: string; citations: number }>;
}

const NAMED = new Set(['mentioned', 'recommended']);

function scanDate(now: Date): string {
  const today = now.toISOString().slice(0, 10);
  return now.getUTCHours() >= SCAN_READY_UTC_HOUR ? today : addDays(today, -1);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function list(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v) ? v.flatMap((item) => (record(item) ? [item as Record<string, unknown>] : [])) : [];
}

export class DemoHistory {
  /** The demo's day: the scan day of the sandbox's clock (VIS_DEMO_DATE, else now). */
  readonly day: string;
  /** Every day the history holds, oldest first, the demo's day last. */
  readonly days: readonly string[];
  private readonly account: DemoAccount | undefined;
  private readonly now: Date;
  private readonly read: ReturnType<typeof sandboxSimulator>;
  private readonly moves: boolean;
  private readonly overlays = new Map<string, Map<string, Overlay>>();
  private readonly baselines = new Map<string, unknown>();

  constructor(key: string, options: Pick<SandboxOptions, 'now' | 'dataAt' | 'edits'>) {
    this.now = options.now?.() ?? new Date();
    this.day = scanDate(this.now);
    this.days = Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => addDays(this.day, i - (DEMO_HISTORY_DAYS - 1)));
    this.account = accountByKey(key);
    this.read = sandboxSimulator(options, this.now);
    this.moves = options.dataAt === undefined;
  }

  /** The account's brands and markets; none for an account whose plan is not active (it reads nothing). */
  scopes(): DemoScope[] {
    if (!this.account?.active) return [];
    return this.account.brands.map((b) => ({ brandId: String(b.id), brandName: b.name, markets: b.markets.map((m) => ({ code: m.code, label: m.label })) }));
  }

  /**
   * The body a GET of `path` with `query` (brand_id and market included) answered on
   * `day`, as the API sends it; undefined when it was no success (not in the plan, not
   * found) or the day is outside the history.
   */
  answer(day: string, path: string, query: Pairs): string | undefined {
    if (!this.account || !this.days.includes(day)) return undefined;
    const body = this.body(day, path, query);
    return body === undefined ? undefined : JSON.stringify(this.moves ? this.withMoves(day, path, query, body) : body);
  }

  /** The sandbox's own answer on `day`, read at the same time of day as the demo's now. */
  private body(day: string, path: string, query: Pairs): unknown {
    const moment = new Date(this.now.getTime() - daysBetween(day, this.day) * DAY_MS);
    const r = this.read(this.account!, path, new URLSearchParams(query.map(([k, v]) => [k, v])), moment);
    return r.status >= 200 && r.status <= 299 ? r.body : undefined;
  }

  /** The demo day's answer to the same question: what engines' states are kept from. */
  private baseline(path: string, query: Pairs): unknown {
    const key = `${path}?${new URLSearchParams(query.map(([k, v]) => [k, v])).toString()}`;
    if (!this.baselines.has(key)) this.baselines.set(key, this.body(this.day, path, query));
    return this.baselines.get(key);
  }

  private withMoves(day: string, path: string, query: Pairs, body: unknown): unknown {
    const envelope = record(body);
    const data = record(envelope?.data);
    if (!envelope || !data || !['/topics', '/prompts', '/competitors', '/pages'].includes(path)) return body;
    const brandId = query.find(([k]) => k === 'brand_id')?.[1];
    const brand = this.account!.brands.find((b) => String(b.id) === brandId) ?? this.account!.brands[0];
    const market = query.find(([k]) => k === 'market')?.[1] ?? brand.markets[0].code;
    const overlay = this.overlaysOf(String(brand.id), market).get(day);
    if (!overlay) return body;
    switch (path) {
      case '/topics':
        return { ...envelope, data: { ...data, topics: list(data.topics).map((t) => movedTopic(t, overlay)) } };
      case '/prompts': {
        const base = new Map(list(record(record(this.baseline(path, query))?.data)?.prompts).map((p) => [String(p.id), record(p.engines)]));
        return { ...envelope, data: { ...data, prompts: list(data.prompts).map((p) => keptStates(p, base.get(String(p.id)), overlay)) } };
      }
      case '/competitors':
        return { ...envelope, data: { ...data, competitors: list(data.competitors).filter((c) => !overlay.hidden.has(String(c.name))) } };
      default:
        return { ...envelope, data: { ...data, pages: movedPages(list(data.pages), overlay, this.baseOf(String(brand.id), market).pages) } };
    }
  }

  private baseOf(brandId: string, market: string): Base {
    const read = (path: string) =>
      list(
        record(
          record(
            this.body(this.day, path, [
              ['brand_id', brandId],
              ['market', market],
            ]),
          )?.data,
        )?.[path.slice(1)],
      );
    const prompts = read('/prompts');
    return {
      topics: read('/topics').flatMap((t) => (typeof t.visibility === 'number' ? [{ id: String(t.id), visibility: t.visibility }] : [])),
      cells: prompts.flatMap((p) =>
        Object.entries(record(p.engines) ?? {}).flatMap(([engine, cell]) => {
          const state = record(cell)?.state;
          return typeof state === 'string' && (NAMED.has(state) || state === 'absent') ? [{ key: `${String(p.id)}\n${engine}`, state }] : [];
        }),
      ),
      rivals: read('/competitors').flatMap((c) => (c.is_brand === true ? [] : [String(c.name)])),
      pages: read('/pages').flatMap((p) => (typeof p.url === 'string' && typeof p.citations === 'number' ? [p as Base['pages'][number]] : [])),
    };
  }

  /** Every day's overlay of one brand and market, walked back from the demo's day (which has none). */
  private overlaysOf(brandId: string, market: string): Map<string, Overlay> {
    const key = `${brandId}\n${market}`;
    const known = this.overlays.get(key);
    if (known) return known;
    const base = this.baseOf(brandId, market);
    const out = new Map<string, Overlay>();
    let overlay: Overlay = { topics: new Map(), states: new Map(), hidden: new Set(), citations: new Map() };
    out.set(this.day, overlay);
    for (let i = 0; i < this.days.length - 1; i++) {
      const day = addDays(this.day, -i);
      overlay = undoMoves(overlay, base, rngFor('demo-history', brandId, market, day));
      out.set(addDays(day, -1), overlay);
    }
    this.overlays.set(key, out);
    return out;
  }
}

/**
 * The day before's overlay: the moves of the day `after` describes, drawn and undone.
 * At least one move a day; each kind of move keeps the history within what a brand does
 * (a topic's offset is pulled back towards the sandbox's figure, at most two rivals are
 * out of the list at once).
 */
function undoMoves(after: Overlay, base: Base, rng: Rng): Overlay {
  const before: Overlay = { topics: new Map(after.topics), states: new Map(after.states), hidden: new Set(after.hidden), citations: new Map(after.citations) };
  const moves = [
    rng.chance(0.55) && base.topics.length > 0 ? moveTopic : undefined,
    rng.chance(0.7) && base.cells.length > 0 ? moveState : undefined,
    rng.chance(0.3) && base.rivals.length > 2 ? moveRival : undefined,
    rng.chance(0.35) && base.pages.length > 0 ? movePage : undefined,
  ].filter((m) => m !== undefined);
  if (moves.length === 0 && base.cells.length > 0) moves.push(moveState);
  for (const move of moves) move(before, base, rng);
  return before;
}

/** A topic went up or down by 5.5 to 7.5 points on the day: the day before, its offset without that move. */
function moveTopic(o: Overlay, base: Base, rng: Rng): void {
  const topic = rng.pick(base.topics);
  const offset = o.topics.get(topic.id) ?? 0;
  const size = round1(rng.float(5.5, 7.5));
  // Up on the day (lower the day before) when its offset is above the sandbox's figure, down when below: it never wanders off.
  let up = offset === 0 ? rng.chance(0.5) : offset > 0;
  if (topic.visibility + offset - size < 1) up = false;
  if (topic.visibility + offset + size > 95) up = true;
  const earlier = round1(offset + (up ? -size : size));
  if (earlier === 0) o.topics.delete(topic.id);
  else o.topics.set(topic.id, earlier);
}

/** An engine stopped naming the brand for a question on the day (named the day before), or started to. */
function moveState(o: Overlay, base: Base, rng: Rng): void {
  const state = (c: Base['cells'][number]) => o.states.get(c.key) ?? c.state;
  const absent = base.cells.filter((c) => state(c) === 'absent');
  const named = base.cells.filter((c) => NAMED.has(state(c)));
  const stopped = absent.length > 0 && (named.length === 0 || rng.chance(0.6));
  const cell = rng.pick(stopped ? absent : named);
  const earlier = stopped ? (rng.chance(0.35) ? 'recommended' : 'mentioned') : 'absent';
  if (earlier === cell.state) o.states.delete(cell.key);
  else o.states.set(cell.key, earlier);
}

/** A rival entered the list on the day (not listed the day before), or left it. */
function moveRival(o: Overlay, base: Base, rng: Rng): void {
  const listed = base.rivals.filter((r) => !o.hidden.has(r));
  if (o.hidden.size < 2 && rng.chance(0.7)) o.hidden.add(rng.pick(listed));
  else if (o.hidden.size > 0) o.hidden.delete(rng.pick([...o.hidden]));
}

/**
 * A page lost its last citation on the day: cited a few times the day before. Only that way:
 * a first citation drawn the same way would jump from none to a week's count in a day.
 */
function movePage(o: Overlay, base: Base, rng: Rng): void {
  const uncited = base.pages.filter((p) => (o.citations.get(p.url) ?? p.citations) === 0);
  if (uncited.length > 0) o.citations.set(rng.pick(uncited).url, rng.int(1, 4));
}

function movedTopic(t: Record<string, unknown>, o: Overlay): Record<string, unknown> {
  const offset = o.topics.get(String(t.id));
  if (offset === undefined || typeof t.visibility !== 'number') return t;
  return { ...t, visibility: round1(Math.min(100, Math.max(0, t.visibility + offset))) };
}

/** The demo day's states (and their rates and positions), but for the moves. */
function keptStates(p: Record<string, unknown>, base: Record<string, unknown> | undefined, o: Overlay): Record<string, unknown> {
  const engines = record(p.engines);
  if (!engines || !base) return p;
  const kept: Record<string, unknown> = {};
  for (const [engine, cell] of Object.entries(engines)) {
    const was = record(base[engine]) ?? record(cell) ?? {};
    const state = o.states.get(`${String(p.id)}\n${engine}`);
    if (state === undefined || state === was.state) kept[engine] = was;
    else kept[engine] = { ...was, state, position: NAMED.has(state) ? (typeof was.position === 'number' ? was.position : 3) : null };
  }
  return { ...p, engines: kept };
}

/** The pages with their citations as the moves left them; a page cited only in the overlay is listed from the demo day's row. */
function movedPages(pages: Array<Record<string, unknown>>, o: Overlay, base: Base['pages']): Array<Record<string, unknown>> {
  const out = pages.map((p) => {
    const c = o.citations.get(String(p.url));
    return c === undefined ? p : { ...p, citations: c, change: typeof p.previous_citations === 'number' ? c - p.previous_citations : p.change };
  });
  for (const [url, c] of o.citations) {
    const row = base.find((p) => p.url === url);
    if (c > 0 && row && !out.some((p) => p.url === url)) out.push({ ...row, citations: c });
  }
  return out.sort((a, b) => Number(b.citations) - Number(a.citations) || String(a.url).localeCompare(String(b.url)));
}
