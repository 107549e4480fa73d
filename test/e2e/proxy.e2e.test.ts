/**
 * Proxies through the built bundle (dist/lib/transport.cjs loads undici's ProxyAgent only
 * when a proxy variable applies, from source files the build edits): a loopback CONNECT
 * proxy records the tunnel vis asks for. The selection rules and messages are tested
 * in-process (test/http/proxy.test.ts, test/http/proxy-client.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, runVis } from './helpers.js';

const KEY = 'vis_test_0123456789abcdef';
const PASSWORD = 'secret-pw-81';
const HOST = 'api.made-up.example';

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<number> {
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A CONNECT proxy: records each tunnel asked for; refuses it (403), or pipes it to `tlsPort`. */
async function proxy(tlsPort?: number): Promise<{ port: number; tunnels: Array<{ target: string; auth: string | undefined }> }> {
  const tunnels: Array<{ target: string; auth: string | undefined }> = [];
  const server = createServer((_req, res) => res.writeHead(502).end());
  server.on('connect', (req, socket, head) => {
    tunnels.push({ target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    if (tlsPort === undefined) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(tlsPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return { port: await listen(server), tunnels };
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('HTTPS_PROXY through the bundle', () => {
  it('asks the proxy for a tunnel to the base URL’s host with the URL’s credentials; a refusal is exit 7; the password is never printed', async () => {
    const p = await proxy();
    const r = await runVis(['usage', '--debug'], {
      env: cleanEnv({ VIS_API_KEY: KEY, VIS_BASE_URL: `https://${HOST}/api/v1`, HTTPS_PROXY: `http://user:${PASSWORD}@127.0.0.1:${p.port}` }),
    });
    expect(p.tunnels).toEqual([{ target: `${HOST}:443`, auth: `Basic ${Buffer.from(`user:${PASSWORD}`).toString('base64')}` }]);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`proxy http://***@127.0.0.1:${p.port} (HTTPS_PROXY)`);
    expect(r.stderr).toContain(`refused the tunnel to ${HOST}:443 (HTTP 403) [proxy_refused]`);
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
  });

  it.runIf(hasOpenssl())('a whole request through the tunnel, to a TLS server the proxy pipes to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-proxy-tls-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
      ],
      { stdio: 'ignore' },
    );
    const seen: string[] = [];
    const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      seen.push(`${req.method} ${req.headers.host} ${req.url} ${req.headers.authorization}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"through":"tunnel"}}');
    });
    const p = await proxy(await listen(tls));
    const r = await runVis(['api', '/usage', '--format', 'json'], {
      env: cleanEnv({ VIS_API_KEY: KEY, VIS_BASE_URL: `https://${HOST}/api/v1`, https_proxy: `127.0.0.1:${p.port}`, NODE_EXTRA_CA_CERTS: cert }),
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { through: 'tunnel' } });
    expect(p.tunnels).toEqual([{ target: `${HOST}:443`, auth: undefined }]);
    expect(seen).toEqual([`GET ${HOST} /api/v1/usage Bearer ${KEY}`]);
  });
});
