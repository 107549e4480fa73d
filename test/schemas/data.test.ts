/**
 * Every sandbox answer of every endpoint, for every demo account, every brand
 * and every market, matches the endpoint's data schema (happy paths; the error envelopes
 * are checked elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ENDPOINTS, type EndpointId } from '../../src/endpoints.js';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { DATA_SCHEMAS } from '../../src/schemas/data.js';
import { call, exampleRequest, openSandbox } from '../sandbox/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

/** Extra query variations that change the shape of an answer. */
const VARIANTS: Partial<Record<EndpointId, readonly string[]>> = {
  'search-performance': ['group_by=page', 'group_by=query&limit=1000'],
  tasks: ['status=all'],
  topics: ['from=2025-01-01&to=2025-03-14'],
};

describe('sandbox data matches the data schemas', () => {
  it('every endpoint, every demo account, brand and market', async () => {
    const checked = new Map<EndpointId, number>();
    const failures: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      for (const brand of account.brands) {
        for (const market of brand.markets) {
          for (const spec of ENDPOINTS) {
            const scope = [spec.brand ? `brand_id=${brand.id}` : '', spec.market ? `market=${market.code}` : ''].filter(Boolean).join('&');
            // Accounts that cannot read (exhausted, inactive) have no list to take an argument from.
            const req = await exampleRequest(sandbox, spec, account.key, scope).catch(() => null);
            if (!req) continue;
            for (const extra of ['', ...(VARIANTS[spec.id] ?? [])]) {
              const sep = req.path.includes('?') ? '&' : '?';
              const path = extra ? `${req.path}${sep}${extra}` : req.path;
              const reply = await call(sandbox, path, req.call);
              if (reply.status >= 300) continue;
              const result = z.safeParse(DATA_SCHEMAS[spec.id], reply.json.data);
              checked.set(spec.id, (checked.get(spec.id) ?? 0) + 1);
              if (!result.success) {
                failures.push(
                  `${account.key} ${path}: ${result.error.issues
                    .slice(0, 3)
                    .map((i) => `${i.path.join('.')}: ${i.message}`)
                    .join('; ')}`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // No endpoint goes unchecked: each answered 2xx for some account.
    expect(ENDPOINTS.filter((e) => !checked.has(e.id)).map((e) => e.id)).toEqual([]);
  }, 120_000);

  it('a schema flags a payload that breaks the reference (a state outside the enumeration, a score above 100)', () => {
    const bad = {
      window: { from: '2025-03-08', to: '2025-03-14', days: 7 },
      answers: [
        {
          id: 'q',
          prompt: 'p',
          topic_id: 't',
          topic: 'T',
          rate: 101,
          runs_counted: 1,
          named: 1,
          engines: { chatgpt: 'maybe', perplexity: 'open', gemini: 'open', claude: 'open', copilot: 'open' },
        },
      ],
    };
    const result = z.safeParse(DATA_SCHEMAS.answers, bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['answers.0.engines.chatgpt', 'answers.0.rate']);
  });

  it('objects are open: a field the schema does not know is allowed', () => {
    const usage = {
      account: 'a',
      plan: 'pro',
      plan_label: 'Pro',
      plan_active: true,
      reads: { limit: 1, used: 0, left: 1, soon: 3 },
      resets_at: '2025-04-01T00:00:00Z',
      pitch_reports: { allowance: 0, used: 0, left: 0 },
      extra: [[1, 2], [3]],
    };
    expect(z.safeParse(DATA_SCHEMAS.usage, usage).success).toBe(true);
  });
});
