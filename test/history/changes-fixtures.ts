/** Recorded answers for the tests of `vis changes`: one body per day, endpoint and scope. */
import type { EndpointId } from '../../src/endpoints.js';
import type { RecordedAnswer } from '../../src/history/types.js';
import { FakeHistory } from '../support/fake-history.js';

export const API = 'https://api.example.test/api/v1';

export interface Where {
  brandId?: string;
  market?: string;
  item?: string;
  query?: string;
  api?: string;
}

export function recorded(day: string, endpoint: EndpointId, data: unknown, w: Where = {}): RecordedAnswer {
  return {
    api: w.api ?? API,
    brandId: w.brandId ?? '101',
    market: w.market ?? 'US-en',
    endpoint,
    item: w.item ?? '',
    query: w.query ?? '',
    day,
    fetchedAt: Date.parse(`${day}T05:00:00Z`),
    raw: JSON.stringify({ data, meta: { api_version: 'v1' } }),
  };
}

export function history(answers: readonly RecordedAnswer[]): FakeHistory {
  return new FakeHistory(answers, {
    brands: { '101': 'Northwind CRM', '202': 'Acme, Inc.' },
    markets: { 'US-en': 'United States (English)', 'DE-de': 'Germany (German)' },
  });
}

export const topics = (list: ReadonlyArray<readonly [string, number | null, string?]>) => ({
  period: { from: '2026-11-14', to: '2026-11-20', days: 7 },
  topics: list.map(([id, visibility, name]) => ({ id, name: name ?? id, visibility, change: 1.5, rank: 2 })),
});

export const prompts = (list: ReadonlyArray<readonly [string, string, Record<string, string>]>) => ({
  window: { from: '2026-11-14', to: '2026-11-20', days: 7 },
  prompts: list.map(([id, prompt, states]) => ({
    id,
    prompt,
    engines: Object.fromEntries(Object.entries(states).map(([e, state]) => [e, { state, rate: 40, position: 2 }])),
  })),
});

export const competitors = (list: ReadonlyArray<readonly [string, number | null, boolean?]>) => ({
  window: { from: '2026-10-20', to: '2026-11-20', days: 30 },
  competitors: list.map(([name, share_of_voice, is_brand]) => ({ name, is_brand: is_brand ?? false, share_of_voice, mentions: 100 })),
});

export const pages = (list: ReadonlyArray<readonly [string, number | null]>) => ({
  period: { from: '2026-11-14', to: '2026-11-20', days: 7 },
  pages: list.map(([url, citations]) => ({ url, title: `Title of ${url}`, citations, previous_citations: 3 })),
});

export const technical = (score: number | null, issues: readonly string[]) => ({
  scanned_at: '2026-11-20T02:00:00Z',
  readiness_score: score,
  issues: issues.map((id) => ({ id, title: `Issue ${id}`, severity: 'high' })),
});

/**
 * As recorded(), for data holding Infinity or -Infinity: written as `1e999` and `-1e999`,
 * valid JSON that JSON.parse reads back as them (JSON.stringify alone would write null).
 */
export function recordedRaw(day: string, endpoint: EndpointId, data: unknown, w: Where = {}): RecordedAnswer {
  const marked = JSON.stringify({ data, meta: { api_version: 'v1' } }, (_k, v: unknown) =>
    v === Number.POSITIVE_INFINITY ? '\u0000+inf' : v === Number.NEGATIVE_INFINITY ? '\u0000-inf' : v,
  );
  return { ...recorded(day, endpoint, null, w), raw: marked.replaceAll('"\\u0000+inf"', '1e999').replaceAll('"\\u0000-inf"', '-1e999') };
}
