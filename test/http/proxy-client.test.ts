/**
 * Requests through a proxy, in-process with vis's real transport (undici's ProxyAgent) and
 * a recording CONNECT proxy on loopback: which tunnel is asked for, with which
 * credentials, what the user sees when the proxy refuses, and when no proxy is used
 * (NO_PROXY, a loopback base URL). The fake clock makes the retries instant. The same
 * through the built bundle: test/e2e/proxy.e2e.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { runInProcess } from '../support/run.js';

const HTTPS_BASE = 'https://api.made-up.example/api/v1';
const PASSWORD = 'secret-pw-81';

interface Tunnel {
  target: string;
  proxyAuthorization: string | undefined;
}

interface RecordingProxy {
  port: number;
  tunnels: Tunnel[];
  /** Plain requests (not CONNECT): a proxy vis should never send one to. */
  plain: string[];
  close(): Promise<void>;
}

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A proxy that records every CONNECT and answers it with `status`. */
async function recordingProxy(status: number): Promise<RecordingProxy> {
  const tunnels: Tunnel[] = [];
  const plain: string[] = [];
  const server: Server = createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  server.on('connect', (req, socket) => {
    tunnels.push({ target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Length: 0\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = {
    port: (server.address() as AddressInfo).port,
    tunnels,
    plain,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  open.push(proxy);
  return proxy;
}

const viaProxy = (env: Record<string, string>) =>
  runInProcess(['usage', '--format', 'json', '--debug'], { realTransport: true, env: { VIS_BASE_URL: HTTPS_BASE, ...env } });

describe('HTTPS_PROXY', () => {
  it('tunnels to the base URL’s host through the proxy, with the URL’s credentials; a 403 is not repeated; the password is never printed', async () => {
    const proxy = await recordingProxy(403);
    const r = await viaProxy({ HTTPS_PROXY: `http://user:${PASSWORD}@127.0.0.1:${proxy.port}` });
    expect(proxy.tunnels).toEqual([{ target: 'api.made-up.example:443', proxyAuthorization: `Basic ${Buffer.from(`user:${PASSWORD}`).toString('base64')}` }]);
    expect(proxy.plain).toEqual([]);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`vis debug: proxy http://***@127.0.0.1:${proxy.port} (HTTPS_PROXY)`);
    expect(r.stderr).toContain(`via proxy 127.0.0.1:${proxy.port})`);
    expect(r.stderr).toContain(`vis: the proxy 127.0.0.1:${proxy.port} (HTTPS_PROXY) refused the tunnel to api.made-up.example:443 (HTTP 403) [proxy_refused]`);
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
    expect(r.stderr + r.stdout).not.toContain(Buffer.from(`user:${PASSWORD}`).toString('base64'));
  });

  it('https_proxy, then HTTPS_PROXY, then ALL_PROXY: the first set is the one asked', async () => {
    const used = await recordingProxy(403);
    const unused = await recordingProxy(403);
    await viaProxy({ https_proxy: `http://127.0.0.1:${used.port}`, HTTPS_PROXY: `http://127.0.0.1:${unused.port}` });
    await viaProxy({ ALL_PROXY: `127.0.0.1:${used.port}` });
    expect(used.tunnels.map((t) => t.target)).toEqual(['api.made-up.example:443', 'api.made-up.example:443']);
    expect(unused.tunnels).toEqual([]);
  });

  it('a base URL with its own port: the tunnel and the message name that port', async () => {
    const proxy = await recordingProxy(403);
    const r = await viaProxy({ VIS_BASE_URL: 'https://api.made-up.example:8443/api/v1', HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` });
    expect(proxy.tunnels.map((t) => t.target)).toEqual(['api.made-up.example:8443']);
    expect(r.stderr).toContain('refused the tunnel to api.made-up.example:8443 (HTTP 403)');
  });

  it('a 502 from the proxy is retried like a server’s, then exit 7', async () => {
    const proxy = await recordingProxy(502);
    const r = await viaProxy({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` });
    expect(proxy.tunnels).toHaveLength(4);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('refused the tunnel to api.made-up.example:443 (HTTP 502)');
  });

  it('407: says the proxy wants credentials and where to put them', async () => {
    const proxy = await recordingProxy(407);
    const r = await viaProxy({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` });
    expect(proxy.tunnels).toHaveLength(1);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('(HTTP 407) [proxy_refused]\nThe proxy wants credentials: put them in HTTPS_PROXY');
  });

  it('a proxy that is not listening: the error names the proxy, not the API', async () => {
    const proxy = await recordingProxy(403);
    await proxy.close();
    open.splice(0);
    const r = await viaProxy({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`vis: could not connect to the proxy 127.0.0.1:${proxy.port} (HTTPS_PROXY): connection refused [connection_refused]`);
  });

  it('a socks proxy or a malformed URL: exit 2 naming the variable, credentials masked, nothing sent', async () => {
    const proxy = await recordingProxy(403);
    const socks = await viaProxy({ ALL_PROXY: `socks5://user:${PASSWORD}@127.0.0.1:${proxy.port}` });
    expect(socks.code).toBe(2);
    expect(socks.stderr).toContain(`vis: ALL_PROXY: vis supports http:// and https:// proxies, not socks5:// (got "socks5://***@127.0.0.1:${proxy.port}")`);
    const bad = await viaProxy({ HTTPS_PROXY: `http://user:${PASSWORD}@127.0.0.1:${proxy.port}/some/path` });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^vis: HTTPS_PROXY is not a proxy URL/);
    expect(socks.stderr + bad.stderr).not.toContain(PASSWORD);
    expect(proxy.tunnels).toEqual([]);
  });
});

describe('no proxy', () => {
  it.each(['made-up.example', '.made-up.example', 'other.example,api.made-up.example:443'])(
    'NO_PROXY=%s: connects directly (and fails on DNS: the host is made up)',
    async (noProxy) => {
      const proxy = await recordingProxy(403);
      const r = await viaProxy({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: noProxy });
      expect(proxy.tunnels).toEqual([]);
      expect(r.code).toBe(7);
      expect(r.stderr).toContain('vis debug: not using HTTPS_PROXY for api.made-up.example: NO_PROXY matches it');
      expect(r.stderr).toContain('vis: could not resolve api.made-up.example [dns_failure]');
    },
  );

  it('a loopback base URL is never proxied, whatever the variables say', async () => {
    const proxy = await recordingProxy(403);
    const sandbox: Sandbox = await startSandbox();
    open.push(sandbox);
    const at = `http://127.0.0.1:${proxy.port}`;
    const r = await runInProcess(['usage', '--format', 'json', '--debug'], {
      baseUrl: sandbox.baseUrl,
      env: { VIS_API_KEY: 'vis_demo_growth', HTTP_PROXY: at, http_proxy: at, HTTPS_PROXY: at, ALL_PROXY: at },
    });
    expect(r.code).toBe(0);
    expect(proxy.tunnels).toEqual([]);
    expect(proxy.plain).toEqual([]);
    expect(r.stderr).toContain('not using http_proxy for 127.0.0.1');
    expect(r.stderr).toContain('loopback is never proxied');
  });
});

describe('every client of the run', () => {
  it('vis auth login checks the key through the proxy', async () => {
    const proxy = await recordingProxy(403);
    const r = await runInProcess(['auth', 'login', '--base-url', HTTPS_BASE], {
      realTransport: true,
      env: { VIS_BASE_URL: undefined, HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` },
      io: { stdin: 'vis_test_0123456789abcdef\n' },
    });
    expect(proxy.tunnels.map((t) => t.target)).toEqual(['api.made-up.example:443']);
    expect(r.code).toBe(7);
  });

  it('vis auth login refuses a bad proxy variable before reading the key', async () => {
    const r = await runInProcess(['auth', 'login', '--base-url', HTTPS_BASE], {
      realTransport: true,
      env: { VIS_BASE_URL: undefined, HTTPS_PROXY: 'socks5://127.0.0.1:1080' },
      io: { stdin: '' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^vis: HTTPS_PROXY: vis supports http:\/\/ and https:\/\/ proxies, not socks5:\/\//);
  });
});
