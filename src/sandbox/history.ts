/**
 * The demo's history, simulated: what a daily `vis export` of the demo account would have
 * recorded on each of the DEMO_HISTORY_DAYS scan days ending with the demo's day, made on
 * the fly from the sandbox's own data (nothing is stored).
 *
 * The demo is one function of the day: day D of the history is, byte for byte, what the
 * sandbox answers with VIS_DEMO_DATE=D, whichever day is today. Each day's answer is read
 * at noon UTC of that day (after the day's scan), and the sandbox counts every figure of
 * it (a topic's visibility and weekly series, states, ranks, citations) from the same
 * simulated daily answers, seeded by account and day: so `vis changes` lists real moves of
 * the API's answers, and a day's value never depends on the day it is read from.
 */
import { DEMO_HISTORY_DAYS } from '../domain/demo.js';
import { accountByKey, type DemoAccount } from './accounts.js';
import { addDays, lastScanDay } from './data/dates.js';
import type { SandboxOptions } from './options.js';
import { sandboxSimulator } from './server.js';

type Pairs = ReadonlyArray<readonly [string, string]>;

/** A brand of the demo account and its markets, as the history holds them. */
export interface DemoScope {
  brandId: string;
  brandName: string;
  markets: Array<{ code: string; label: string }>;
}

/** The moment a day's answer is read at: noon UTC, as VIS_DEMO_DATE sets the sandbox's clock. */
export function dayMoment(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

export class DemoHistory {
  /** The demo's day: the scan day of the sandbox's clock (VIS_DEMO_DATE, else now). */
  readonly day: string;
  /** Every day the history holds, oldest first, the demo's day last. */
  readonly days: readonly string[];
  private readonly account: DemoAccount | undefined;
  private readonly options: Pick<SandboxOptions, 'dataAt' | 'edits'>;
  /** One sandbox per day, started at that day's noon: what a sandbox holds from its start (the pitches) is the day's too. */
  private readonly sandboxes = new Map<string, ReturnType<typeof sandboxSimulator>>();

  constructor(key: string, options: Pick<SandboxOptions, 'now' | 'dataAt' | 'edits'>) {
    const now = options.now?.() ?? new Date();
    this.day = lastScanDay(now);
    this.days = Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => addDays(this.day, i - (DEMO_HISTORY_DAYS - 1)));
    this.account = accountByKey(key);
    this.options = options;
  }

  /** The account's brands and markets; none for an account whose plan is not active (it reads nothing). */
  scopes(): DemoScope[] {
    if (!this.account?.active) return [];
    return this.account.brands.map((b) => ({ brandId: String(b.id), brandName: b.name, markets: b.markets.map((m) => ({ code: m.code, label: m.label })) }));
  }

  /**
   * The body a GET of `path` with `query` (brand_id and market included) answered on
   * `day`, as the API sends it: the sandbox's answer at that day's noon; undefined when it
   * was no success (not in the plan, not found) or the day is outside the history.
   */
  answer(day: string, path: string, query: Pairs): string | undefined {
    if (!this.account || !this.days.includes(day)) return undefined;
    let read = this.sandboxes.get(day);
    if (!read) this.sandboxes.set(day, (read = sandboxSimulator(this.options, dayMoment(day))));
    const r = read(this.account, path, new URLSearchParams(query.map(([k, v]) => [k, v])), dayMoment(day));
    return r.status >= 200 && r.status <= 299 ? JSON.stringify(r.body) : undefined;
  }
}
