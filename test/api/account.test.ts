/**
 * The one reader of the account (src/api/account.ts): GET /brands and GET /usage as every
 * command sees them. Against the sandbox for the shape the API sends, and through a fake
 * client for the shapes vis accepts besides and the ones it refuses to guess at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetFromUsage, brandsFromPayload, fetchBudget, listBrands } from '../../src/api/account.js';
import { AuthError } from '../../src/errors.js';
import type { ApiRequest, ApiResponse } from '../../src/http/client.js';
import { ApiClient } from '../../src/http/client.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, openSandbox } from '../sandbox/helpers.js';

/** A client whose every answer is `data`, recording what was asked. */
function fakeClient(data: unknown) {
  const sent: ApiRequest[] = [];
  return {
    sent,
    send: async (req: ApiRequest): Promise<ApiResponse> => {
      sent.push(req);
      return { status: 200, raw: JSON.stringify({ data }), envelope: { data } as ApiResponse['envelope'], attempts: 1 };
    },
  };
}

describe('the account read from the sandbox', () => {
  let sandbox: Sandbox;
  let client: ApiClient;
  beforeAll(async () => {
    sandbox = await openSandbox();
    client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: 'vis_demo_agency',
      timeoutMs: 5_000,
      userAgent: 'vis-test',
      clock: { now: () => Date.now(), sleep: async () => undefined },
      random: () => 0.5,
    });
  });
  afterAll(async () => {
    await client.close();
    await sandbox.close();
  });

  it('GET /brands: every brand of data.brands, with its markets (an agency account: several brands)', async () => {
    const sent = (await call(sandbox, '/brands', { key: 'vis_demo_agency' })).json.data.brands as Array<{
      id: number;
      name: string;
      primary_market: string;
      markets: string[];
    }>;
    expect(sent.length).toBeGreaterThan(1);
    expect(await listBrands(client)).toEqual(sent.map((b) => ({ id: b.id, name: b.name, primaryMarket: b.primary_market, markets: b.markets })));
  });

  it('GET /usage: the reads left and the reset time the sandbox states', async () => {
    const usage = (await call(sandbox, '/usage', { key: 'vis_demo_agency' })).json.data as { reads: { left: number }; resets_at: string };
    expect(await fetchBudget(client)).toEqual({ left: usage.reads.left, resetsAt: usage.resets_at });
  });
});

describe('GET /brands in other shapes', () => {
  it('sends GET /brands and nothing else', async () => {
    const fake = fakeClient({ brands: [] });
    await listBrands(fake);
    expect(fake.sent).toEqual([{ method: 'GET', path: '/brands' }]);
  });

  it.each([
    ['data.brands', { brands: [{ id: 1, name: 'A' }], other: [{ id: 2, name: 'B' }] }, [{ id: 1, name: 'A' }]],
    ['a bare array', [{ id: 1, name: 'A' }], [{ id: 1, name: 'A' }]],
    ['the only array of data', { items: [{ id: '7', name: 'Seven' }], total: 1 }, [{ id: '7', name: 'Seven' }]],
    ['two arrays and no brands: no guess', { active: [{ id: 1, name: 'A' }], archived: [{ id: 2, name: 'B' }] }, []],
    ['no array at all', { brand: { id: 1, name: 'A' } }, []],
    [
      'records without an id or a name are left out',
      { brands: [{ id: '', name: 'x' }, { id: 1 }, { name: 'y' }, null, 'z', { id: 2, name: 'B' }] },
      [{ id: 2, name: 'B' }],
    ],
    [
      'a brand listed twice (the same id, as a number or text) once, where first listed',
      {
        brands: [
          { id: 7, name: 'Acme' },
          { id: 8, name: 'B' },
          { id: '7', name: 'Acme again' },
          { id: 7, name: 'Acme' },
        ],
      },
      [
        { id: 7, name: 'Acme' },
        { id: 8, name: 'B' },
      ],
    ],
  ])('%s', async (_label, data, expected) => {
    expect(await listBrands(fakeClient(data))).toEqual(expected);
    expect(brandsFromPayload(data)).toEqual(expected);
  });
});

describe('the budget reset', () => {
  it.each([
    ['top level first', { reads: { reset_on: 'nested' }, resets_at: 'top' }, 'top'],
    ['one object down', { reads: { left: 1, resets_at: '2026-12-01' } }, '2026-12-01'],
    ['two objects down', { account: { budget: { reset: 'deep' } } }, 'deep'],
    ['three objects down is too deep', { a: { b: { c: { reset: 'too deep' } } } }, undefined],
    ['a number, as written', { reset_at: 1764547200 }, '1764547200'],
    ['not the pitch allowance’s', { pitch_reports: { resets_at: 'pitch' } }, undefined],
    ['not a pitch field at the top either', { pitch_reset: 'pitch', reads: { reset: 'reads' } }, 'reads'],
    ['an empty string is no answer', { resets_at: '', reads: { resets_at: 'reads' } }, 'reads'],
    ['none', { reads: { left: 1 } }, undefined],
  ])('%s', async (_label, data, expected) => {
    expect(budgetFromUsage(data).resetsAt).toBe(expected);
    const fake = fakeClient(data);
    expect((await fetchBudget(fake)).resetsAt).toBe(expected);
    expect(fake.sent).toEqual([{ method: 'GET', path: '/usage' }]);
  });

  it('a failed GET /usage is the caller’s to handle', async () => {
    const failing = { send: async (): Promise<ApiResponse> => Promise.reject(new AuthError('no key')) };
    await expect(fetchBudget(failing)).rejects.toBeInstanceOf(AuthError);
    await expect(listBrands(failing)).rejects.toBeInstanceOf(AuthError);
  });
});
