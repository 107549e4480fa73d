/** The request rules as pure functions, for the cases the demo accounts do not reach. */
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import type { DemoBrand, DemoMarket } from '../../src/sandbox/accounts.js';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts.js';
import { ApiError } from '../../src/sandbox/errors.js';
import { RateLimiter } from '../../src/sandbox/rate-limit.js';
import { isProspectUrl } from '../../src/domain/prospect.js';
import { resolveMarket, resolvePeriod } from '../../src/sandbox/validate.js';

const northwind = DEMO_ACCOUNTS[0]?.brands[0] as DemoBrand;

/** A market for resolving, which reads only ids and codes (content language is irrelevant). */
function market(id: number, code: string): DemoMarket {
  return { id, code, country: code.slice(0, 2), language: 'en', label: code, sitePrefix: '' };
}

const canadian: DemoBrand = { ...northwind, markets: [market(1, 'CA-en'), market(2, 'CA-fr'), market(3, 'US-en')] };

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('resolveMarket', () => {
  const q = (market: string) => new URLSearchParams({ market });

  it('takes the primary market by default', () => {
    expect(resolveMarket(canadian, new URLSearchParams()).code).toBe('CA-en');
  });

  it('finds a country that has one market', () => {
    expect(resolveMarket(canadian, q('us')).code).toBe('US-en');
  });

  it('refuses a country with several markets, naming them', () => {
    const error = failure(() => resolveMarket(canadian, q('CA')));
    expect(error.code).toBe('invalid_parameter');
    expect(error.message).toBe('market: "CA" matches CA-en and CA-fr; give the full code');
  });

  it('finds the full code in any case, and ids of this brand only', () => {
    expect(resolveMarket(canadian, q('ca-FR')).id).toBe(2);
    expect(resolveMarket(canadian, q('3')).code).toBe('US-en');
    expect(failure(() => resolveMarket(canadian, q('1011'))).code).toBe('market_not_found');
  });
});

describe('resolvePeriod', () => {
  const now = new Date('2025-03-01T08:00:00Z');
  const topics = endpointById('topics');
  const period = (query: string) => resolvePeriod(topics, new URLSearchParams(query), now);

  it('crosses month and year ends', () => {
    expect(period('days=1')).toEqual({ from: '2025-03-01', to: '2025-03-01', days: 1 });
    expect(period('days=2')).toEqual({ from: '2025-02-28', to: '2025-03-01', days: 2 });
    expect(period('from=2024-12-30&to=2025-01-02')).toEqual({ from: '2024-12-30', to: '2025-01-02', days: 4 });
  });

  it('knows leap days', () => {
    expect(period('from=2024-02-29&to=2024-03-01')).toEqual({ from: '2024-02-29', to: '2024-03-01', days: 2 });
    expect(failure(() => period('from=2025-02-29')).message).toMatch(/^from: must be a real date/);
  });

  it('has no period for endpoints that take none', () => {
    expect(resolvePeriod(endpointById('prompts'), new URLSearchParams('days=5'), now)).toBeNull();
  });
});

describe('isProspectUrl', () => {
  it.each([
    ['acme.example', true],
    ['www.acme.example', true],
    ['acme.example/pricing?x=1', true],
    ['https://acme.example', true],
    ['HTTP://Acme.Example/', true],
    ['münchen-bäcker.de', true],
    ['shop.acme.co.uk', true],
    ['', false],
    ['acme', false],
    ['localhost', false],
    ['acme .example', false],
    ['ftp://acme.example', false],
    ['mailto:sales@acme.example', false],
    ['https://user:pass@acme.example', false],
    ['http://192.168.0.1', false],
    ['-acme.example', false],
  ])('%s → %s', (value, ok) => {
    expect(isProspectUrl(value)).toBe(ok);
  });
});

describe('RateLimiter', () => {
  it('lets `perMinute` through, then says exactly when the next one may come', () => {
    const limiter = new RateLimiter(2);
    expect(limiter.check('k', 1_000)).toEqual({ allowed: true });
    expect(limiter.check('k', 30_000)).toEqual({ allowed: true });
    expect(limiter.check('k', 30_500)).toEqual({ allowed: false, retryAfterSeconds: 31 });
    expect(limiter.check('k', 60_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.check('k', 61_000)).toEqual({ allowed: true });
    expect(limiter.check('other', 61_000)).toEqual({ allowed: true });
  });
});
