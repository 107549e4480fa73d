/**
 * What changes while a sandbox runs: reads spent and pitch reports created. One
 * instance per startSandbox call, so tests never share budgets.
 */
import { DEMO_ACCOUNTS, PITCH_ALLOWANCES, READ_BUDGETS, type DemoAccount, type PitchSeed } from './accounts.js';
import { isoDate, isoTime, monthKey, monthStart, timeOnDay } from './data/dates.js';

export interface PitchRecord {
  id: number;
  accountKey: string;
  brandId: number;
  /** The domain or URL as the client sent it. */
  url: string;
  domain: string;
  market: string;
  businessType: string | null;
  createdAt: string;
}

export interface ReadBudget {
  limit: number;
  used: number;
  left: number;
}

export interface PitchAllowance {
  allowance: number;
  used: number;
  left: number;
}

/** The prospect's host, lower-case and without `www.`: `https://www.Acme.example/x` → `acme.example`. */
export function prospectDomain(url: string): string {
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
}

/** The seeded reports' domains, by URL: the same for every sandbox. */
const SEEDED_DOMAINS = new Map<string, string>();

function seededDomain(url: string): string {
  let domain = SEEDED_DOMAINS.get(url);
  if (domain === undefined) SEEDED_DOMAINS.set(url, (domain = prospectDomain(url)));
  return domain;
}

/**
 * A seeded report's time: a fixed point of last month, or of this month before today
 * (UTC). Measured to today's start, not to the clock's second, so two runs on the same
 * day show the same times and share links.
 */
function seededCreatedAt(seed: PitchSeed, start: Date): string {
  const thisMonth = monthStart(start);
  const lastMonth = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1));
  const today = new Date(`${isoDate(start)}T00:00:00Z`);
  const [from, to] = seed.monthsAgo === 0 ? [thisMonth, today] : [lastMonth, thisMonth];
  return isoTime(new Date(Math.floor((from.getTime() + seed.at * (to.getTime() - from.getTime())) / 1000) * 1000));
}

export class SandboxState {
  /** Reads spent through this sandbox, per key and month (`YYYY-MM`). */
  private spent = new Map<string, Map<string, number>>();
  /** The seeded reports are made when first asked for (from the start's moment): most reads never look at them. */
  private seeded: PitchRecord[] | null = null;
  private start = new Date(0);
  private startMonth = '';
  /** Reports created through this sandbox so far: the n-th is stamped n minutes into its day. */
  private created = 0;

  constructor(private readonly now: () => Date) {
    this.reset();
  }

  reset(): void {
    this.start = this.now();
    this.startMonth = monthKey(this.start);
    this.spent = new Map();
    this.created = 0;
    this.seeded = null;
  }

  /** Every report: the seeded ones, as of the start, then those created since. */
  private get pitches(): PitchRecord[] {
    const start = this.start;
    return (this.seeded ??= DEMO_ACCOUNTS.flatMap((account) =>
      account.pitches.map((seed) => ({
        id: seed.id,
        accountKey: account.key,
        brandId: seed.brandId,
        url: seed.url,
        domain: seededDomain(seed.url),
        market: seed.market,
        businessType: seed.businessType,
        createdAt: seededCreatedAt(seed, start),
      })),
    ));
  }

  /** Reads spent through this sandbox by a key, over its whole life. */
  readsSpent(key: string): number {
    let total = 0;
    for (const count of this.spent.get(key)?.values() ?? []) total += count;
    return total;
  }

  /** The account's budget for the month of `at`: the figure it started with (in the month the
   * sandbox started) plus what was spent through the sandbox; a new month starts from zero. */
  budget(account: DemoAccount, at: Date): ReadBudget {
    const month = monthKey(at);
    const limit = READ_BUDGETS[account.plan];
    const used = Math.min(limit, (month === this.startMonth ? account.readsUsed : 0) + (this.spent.get(account.key)?.get(month) ?? 0));
    return { limit, used, left: limit - used };
  }

  spendRead(account: DemoAccount, at: Date): void {
    const month = monthKey(at);
    const months = this.spent.get(account.key) ?? new Map<string, number>();
    months.set(month, (months.get(month) ?? 0) + 1);
    this.spent.set(account.key, months);
  }

  pitchesOf(account: DemoAccount, brandId: number): PitchRecord[] {
    return this.pitches.filter((p) => p.accountKey === account.key && p.brandId === brandId);
  }

  /** This month's pitch reports: every one made in the month of `at`, across the account's brands. */
  allowance(account: DemoAccount, at: Date): PitchAllowance {
    const month = monthKey(at);
    const allowance = PITCH_ALLOWANCES[account.plan];
    const used = this.pitches.filter((p) => p.accountKey === account.key && p.createdAt.startsWith(month)).length;
    return { allowance, used, left: Math.max(0, allowance - used) };
  }

  /**
   * A new report: the account's next id, and a time from the request order and the
   * sandbox's day (the n-th report created through this sandbox: n minutes past 00:00 UTC
   * of the day of `at`), never the clock's second, so the same requests give the same
   * answers (ids, times, share links) on every run that day.
   */
  createPitch(account: DemoAccount, fields: Omit<PitchRecord, 'id' | 'accountKey' | 'domain' | 'createdAt'>, at: Date): PitchRecord {
    const id = Math.max(0, ...this.pitches.filter((p) => p.accountKey === account.key).map((p) => p.id)) + 1;
    this.created += 1;
    const createdAt = timeOnDay(isoDate(at), Math.floor(this.created / 60) % 24, this.created % 60);
    const record: PitchRecord = { id, accountKey: account.key, domain: prospectDomain(fields.url), createdAt, ...fields };
    this.pitches.push(record);
    return record;
  }
}
