/**
 * The part of undici vis uses: an Agent (connection pool with its own timeouts), the
 * `request` API, and, only when a proxy variable applies, the ProxyAgent. Imported by file, not through `undici`'s entry point, because the entry
 * loads all of undici (fetch, WebSocket, cookies, caches, mocks): about 1 MB of code whose
 * cookie module touches `globalThis.Headers`, which makes Node load its own bundled copy
 * of undici as well. Together that was about 100 ms and 12 MB on every request.
 *
 * undici has no `exports` map, so these paths are public to Node's resolver; the bundle
 * resolves them at build time against the version package-lock.json pins, and
 * the build fails if a new undici moves them. The build also leaves out the parts of
 * undici vis cannot reach, and defers the Node built-ins it needs only in rare cases
 * (UNDICI_EDITS in scripts/build.mjs).
 */
import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import requestApi from 'undici/lib/api/api-request.js';
import { MAX_HEADER_BYTES } from './body.js';
import { requestTarget } from './url.js';

/**
 * What the client needs of a transport: this module is the real one; tests hand the
 * client a fake with the same shape through the Context (test/support/http.ts).
 */
export interface Transport {
  createAgent(o: AgentOptions): Promise<Dispatcher>;
  sendRequest(dispatcher: Dispatcher, url: string, o: SendOptions): Promise<Dispatcher.ResponseData>;
}

export interface AgentOptions {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** The proxy to tunnel through (src/http/proxy.ts), if any. */
  proxy?: { uri: string; token: string | undefined };
}

export async function createAgent(o: AgentOptions): Promise<Dispatcher> {
  const common = {
    headersTimeout: o.headersTimeoutMs,
    bodyTimeout: o.bodyTimeoutMs,
    keepAliveTimeout: o.keepAliveTimeoutMs,
    // Node's default, which undici would read from node:http: given here, so a request
    // does not load node:http (see UNDICI_EDITS in scripts/build.mjs).
    maxHeaderSize: MAX_HEADER_BYTES,
  };
  if (!o.proxy) return new Agent({ ...common, connect: { timeout: o.connectTimeoutMs } });
  // Loaded only when a proxy variable applies: a plain request evaluates none of it.
  const [{ default: ProxyAgent }, { default: Pool }, { default: connectApi }] = await Promise.all([
    import('undici/lib/dispatcher/proxy-agent.js'),
    import('undici/lib/dispatcher/pool.js'),
    import('undici/lib/api/api-connect.js'),
  ]);
  return new ProxyAgent({
    ...common,
    uri: o.proxy.uri,
    // From the proxy URL's user and password (never part of `uri`, so never in undici's errors).
    token: o.proxy.token,
    // Every connection goes through a CONNECT tunnel (the only kind for https).
    proxyTunnel: true,
    // The connect timeout for the proxy itself and for TLS through the tunnel.
    proxyTls: { timeout: o.connectTimeoutMs },
    requestTls: { timeout: o.connectTimeoutMs },
    // The connection to the proxy, with vis's header limit too (else undici loads node:http)
    // and the `connect` API that undici's entry point (not loaded, see the top) would have
    // put on every dispatcher: the ProxyAgent opens its tunnels with it.
    clientFactory: (origin: URL, opts: object) => Object.assign(new Pool(origin, { ...opts, maxHeaderSize: MAX_HEADER_BYTES }), { connect: connectApi }),
  });
}

export interface SendOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/**
 * What `undici.request(url, { dispatcher, ... })` does, for a URL buildUrl has checked:
 * the path sent is exactly the one checked (requestTarget refuses any other).
 */
export function sendRequest(dispatcher: Dispatcher, url: string, o: SendOptions): Promise<Dispatcher.ResponseData> {
  const { origin, path } = requestTarget(url);
  return requestApi.call(dispatcher, {
    origin,
    path,
    method: o.method,
    headers: o.headers,
    body: o.body,
    signal: o.signal,
  });
}
