/**
 * The hostile API of the adversarial tests (test/cli/adversarial.test.ts in-process,
 * test/e2e/adversarial.e2e.test.ts on a real terminal and around FIFOs): a loopback server
 * whose every answer is full of text a third party wrote on the web, and that spells a key
 * back in disguise.
 */
import { ENDPOINTS } from '../../src/endpoints.js';
import { sendJson, startTestServer, type Recorded, type TestServer } from '../e2e/helpers.js';

export const KEY = 'vis_live_SECRETKEY_123456';
export const OTHER_KEY = 'vis_live_OTHERKEY_654321';

/** Text a third party wrote on the web: clipboard write, hyperlink, screen clear, C1, bidi, invisibles. */
export const HOSTILE =
  'Acme\u001b]52;c;cHduZWQ=\u0007\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\\u001b[2J\u009b31m\u202eevil\u200b\u2060\ufeff\u00ad\u206a\u{E0041}end';
/** Cells a spreadsheet would run, however they are dressed up. */
export const FORMULAS = ['=1+1', ' =cmd', '\u00a0=cmd', '\u3000=cmd', '\uff1dcmd', '+cmd', "Acme;=cmd|' /C calc'!A0"];
/** What a terminal must never receive raw from the server. */
export const RAW_TERMINAL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\u206a-\u206f\ufeff]|[\u{E0000}-\u{E007F}]/u;

/** A JSON text with `__proto__` as an own key (an object literal would set the prototype). */
function row(i: number): Record<string, unknown> {
  const r = JSON.parse(`{"__proto__":"PROTO${i}"}`) as Record<string, unknown>;
  return Object.assign(r, {
    id: `r${i}`,
    name: HOSTILE,
    title: FORMULAS[i % FORMULAS.length],
    url: `https://acme.example/page-${i}`,
    state: 'absent',
    extra: { owner: `OWNER${i}` },
  });
}

export function envelope(collection: string | undefined): unknown {
  const data = JSON.parse('{"__proto__":"PROTOTOP"}') as Record<string, unknown>;
  data.note = HOSTILE;
  data.unknown_block = { reviewer: 'REVIEWTOP' };
  data.period = { from: '2026-10-26', to: '2026-11-24', days: 30 };
  data[collection ?? 'items'] = FORMULAS.map((_, i) => row(i));
  return { data, meta: { brand: { id: 1, name: HOSTILE }, market: { id: 1, code: 'US-en', label: HOSTILE } } };
}

export const USAGE = {
  data: { account: 'Acme', plan: 'growth', plan_active: true, reads: { limit: 1000, used: 0, left: 1000 }, resets_at: '2026-12-01T00:00:00Z' },
  meta: {},
};

export interface Hostile {
  server: TestServer;
  brands: unknown[];
  markets: string[];
}

/** The hostile API: every path answers an envelope full of hostile text in the endpoint's collection. */
export async function hostileServer(): Promise<Hostile> {
  const state: Hostile = {
    server: undefined as unknown as TestServer,
    brands: [{ id: 7, name: HOSTILE, primary_market: 'US-en', markets: ['US-en'] }],
    markets: ['US-en'],
  };
  state.server = await startTestServer((req, res) => {
    if (req.path === '/usage') return sendJson(res, 200, USAGE);
    if (req.path === '/brands') return sendJson(res, 200, { data: { brands: state.brands }, meta: {} });
    if (req.path === '/markets') {
      return sendJson(res, 200, { data: { markets: state.markets.map((code, i) => ({ id: i + 1, code, label: code, primary: i === 0 })) }, meta: {} });
    }
    if (req.path === '/echo-key') {
      // The key spelled back with an escape sequence in its middle, percent-encoded, and split by a C1 control.
      const mid = KEY.slice(0, 12) + '\u001b[m' + KEY.slice(12);
      return sendJson(res, 400, { error: { code: mid, message: `bad key ${KEY.replace(/_/g, '%5F')} or ${KEY.slice(0, 9)}\u009b${KEY.slice(9)}` } });
    }
    const spec = ENDPOINTS.find((e) => e.path === req.path);
    return sendJson(res, 200, envelope(spec?.collection));
  });
  return state;
}

/** The reads of data, not of the account or its brands. */
export const dataReads = (reqs: readonly Recorded[]) => reqs.filter((r) => r.path !== '/usage' && r.path !== '/brands');
