/** Talking to a sandbox over real HTTP, the way every sandbox test does. */
import { ENDPOINTS, type EndpointSpec } from '../../src/endpoints.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';

/** A Friday, mid-month, after the daily scan: the clock most tests run at. */
export const FIXED_NOW = '2025-03-14T12:00:00Z';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined when it is not JSON). */
  json: any;
}

export interface Call {
  key?: string | null;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(sandbox: Sandbox, path: string, options: Call = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? 'vis_demo_growth' : options.key;
  if (key !== null) headers['authorization'] = `Bearer ${key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${sandbox.baseUrl}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A sandbox on a fixed clock with a rate limit high enough not to get in the way. */
export function openSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ now: () => new Date(FIXED_NOW), rateLimitPerMinute: 100_000, ...options });
}

/** A clock tests move by hand. */
export function manualClock(start = FIXED_NOW) {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The list endpoint whose items a path parameter names (`topics` for `topics.get`). */
function listOf(spec: EndpointSpec): EndpointSpec {
  const list = ENDPOINTS.find((e) => e.method === 'GET' && !e.pathParam && e.words.join(' ') === spec.words.join(' '));
  if (!list) throw new Error(`no list endpoint for ${spec.id}`);
  return list;
}

/**
 * A valid request for any endpoint of the table, its arguments taken from the API itself
 * (the first topic, task, pitch, question or rival), so adding an endpoint needs no edit here.
 * Null when the list has nothing to pick (Monitor has no pitch reports).
 */
export async function exampleRequest(sandbox: Sandbox, spec: EndpointSpec, key = 'vis_demo_growth', query = ''): Promise<{ path: string; call: Call } | null> {
  let path = spec.path;
  if (spec.pathParam) {
    const list = listOf(spec);
    const reply = await call(sandbox, `${list.path}${query ? `?${query}` : ''}`, { key });
    const items = reply.json?.data?.[list.collection ?? ''] as any[] | undefined;
    const item = items?.find((i) => !i.is_brand);
    if (!item) return null;
    const value = spec.pathParam.name === 'name' ? item.name : item.id;
    path = path.replace(`{${spec.pathParam.name}}`, encodeURIComponent(String(value)));
  }
  const params = new URLSearchParams(query);
  for (const param of spec.query.filter((q) => q.required)) {
    if (param.name !== 'prompt') throw new Error(`no example value for required ${spec.id} ${param.name}`);
    const answers = await call(sandbox, `/answers${query ? `?${query}` : ''}`, { key });
    params.set('prompt', answers.json.data.answers[0].prompt);
  }
  const qs = params.toString();
  return {
    path: `${path}${qs ? `?${qs}` : ''}`,
    call: {
      key,
      method: spec.method,
      ...(spec.method === 'POST' ? { body: { url: 'https://www.acme-robotics.example', business_type: 'Industrial robots' } } : {}),
    },
  };
}
