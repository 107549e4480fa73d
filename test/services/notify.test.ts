/**
 * The webhook of `vis changes --notify`: where it comes from (VIS_NOTIFY_URL over the
 * profile), its format (the host, else VIS_NOTIFY_FORMAT or the profile), the URL checked
 * and masked, and the delivery to a local receiver: one POST of the JSON, one retry after
 * a 5xx or a 429 (its Retry-After, at most 60 s, on the fake clock), exit 7 otherwise,
 * and the URL's secret path in no message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { exitCodeFor, ServerError, UsageError } from '../../src/errors.js';
import { clearSecrets, redactSecrets } from '../../src/http/redact.js';
import { checkWebhookUrl, deliver, formatOfHost, maskWebhook, notifyTarget, retryAfter, type NotifyTarget } from '../../src/services/notify.js';
import { fakeClock, testContext } from '../support/context.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { thrown } from '../support/refusal.js';

const SLACK = 'https://hooks.slack.com/services/T01/B02/abcdefSECRETghijkl';
const TEAMS = 'https://prod-12.westeurope.logic.azure.com:443/workflows/0123abcd/triggers/manual/paths/invoke?api-version=2016-06-01&sig=SIGSECRET123';
const POWER = 'https://default0123.09.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/abc/triggers/manual?sig=PPSECRET';

describe('notifyTarget: the webhook and its format', () => {
  afterEach(() => clearSecrets());

  it('the host says the format: Slack, Teams workflows, Power Platform; another host says none', () => {
    expect(formatOfHost(SLACK)).toBe('slack');
    expect(formatOfHost(TEAMS)).toBe('teams');
    expect(formatOfHost(POWER)).toBe('teams');
    expect(formatOfHost('https://HOOKS.SLACK.COM/services/x')).toBe('slack');
    expect(formatOfHost('https://example.com/hook')).toBeUndefined();
    expect(formatOfHost('https://hooks.slack.com.evil.example/x')).toBeUndefined();
    expect(formatOfHost('https://logic.azure.com.evil.example/x')).toBeUndefined();
  });

  it('VIS_NOTIFY_URL wins over the profile; VIS_NOTIFY_FORMAT over the profile’s notify_format and the host', () => {
    expect(notifyTarget({ VIS_NOTIFY_URL: SLACK }, { notify: TEAMS })).toEqual({
      url: SLACK,
      format: 'slack',
      display: 'https://hooks.slack.com/…',
      demo: false,
    });
    expect(notifyTarget({}, { notify: TEAMS }).format).toBe('teams');
    expect(notifyTarget({ VIS_NOTIFY_FORMAT: 'json' }, { notify: SLACK, notify_format: 'teams' }).format).toBe('json');
    expect(notifyTarget({}, { notify: SLACK, notify_format: 'teams' }).format).toBe('teams');
    expect(notifyTarget({ VIS_NOTIFY_FORMAT: ' Teams ' }, { notify: 'https://relay.example/x' }).format).toBe('teams');
    // An empty variable is unset.
    expect(notifyTarget({ VIS_NOTIFY_URL: '', VIS_NOTIFY_FORMAT: '' }, { notify: SLACK }).format).toBe('slack');
  });

  it('--demo: a webhook on this machine only (loopback by name or address), else exit 2 naming where it came from', () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://127.9.0.1/hook', 'https://localhost/hook', 'http://[::1]:9000/hook']) {
      expect(notifyTarget({ VIS_NOTIFY_URL: url, VIS_NOTIFY_FORMAT: 'json' }, {}, true)).toMatchObject({ url, demo: true });
    }
    const refused = (env: Record<string, string>, notify?: string) => {
      try {
        notifyTarget(env, notify === undefined ? {} : { notify }, true);
      } catch (err) {
        return err;
      }
      return undefined;
    };
    const saved = refused({}, SLACK);
    expect(saved).toBeInstanceOf(UsageError);
    expect((saved as Error).message).toBe(
      "--demo notifies only a webhook on this machine (localhost, 127.0.0.0/8, [::1]): the saved notify setting points to https://hooks.slack.com/…, and the demo's made-up changes must not reach a real channel; drop --demo to notify about your own data, or set VIS_NOTIFY_URL to a local receiver to rehearse",
    );
    expect((refused({ VIS_NOTIFY_URL: 'https://128.0.0.1/x', VIS_NOTIFY_FORMAT: 'json' }) as Error).message).toContain(
      'VIS_NOTIFY_URL points to https://128.0.0.1/…',
    );
    expect(notifyTarget({ VIS_NOTIFY_URL: SLACK }, {}).demo).toBe(false);
  });

  it('the URL becomes a secret the masker hides', () => {
    notifyTarget({ VIS_NOTIFY_URL: SLACK }, {});
    expect(redactSecrets(`posting to ${SLACK} failed`)).not.toContain('SECRET');
  });

  it('no webhook, a host that says no format, a bad format or URL: exit 2 naming the setting, never the URL', () => {
    const none = thrown(() => notifyTarget({}, {}));
    expect([none instanceof UsageError, none.message]).toEqual([true, expect.stringContaining('set VIS_NOTIFY_URL, or save one with `vis config set notify`')]);
    const unknown = thrown(() => notifyTarget({ VIS_NOTIFY_URL: 'https://relay.example/hook/SECRETPATH' }, {}));
    expect(unknown.message).toContain(
      '(https://relay.example/…) does not say its format: set VIS_NOTIFY_FORMAT (or vis config set notify_format) to slack, teams or json',
    );
    expect(unknown.message).not.toContain('SECRETPATH');
    expect(thrown(() => notifyTarget({ VIS_NOTIFY_FORMAT: 'discord' }, { notify: SLACK })).message).toBe(
      'VIS_NOTIFY_FORMAT must be one of slack, teams, json (got "discord")',
    );
    expect(thrown(() => notifyTarget({}, { notify: SLACK, notify_format: 'xml' })).message).toContain('the saved notify_format setting must be one of');
    const plain = thrown(() => notifyTarget({}, { notify: 'http://hooks.slack.com/services/SECRETPATH' }));
    expect(plain.message).toBe(
      'the saved notify setting must be an https:// URL (http:// only to this machine): a webhook URL is a secret, sent only encrypted',
    );
    expect(exitCodeFor(plain)).toBe(2);
  });

  it('checkWebhookUrl: https anywhere, http only to loopback, no credentials, a URL at all', () => {
    expect(checkWebhookUrl(` ${SLACK}\n`, 'x')).toBe(SLACK);
    expect(checkWebhookUrl('http://127.0.0.1:9/hook', 'x')).toBe('http://127.0.0.1:9/hook');
    expect(checkWebhookUrl('http://localhost/hook', 'x')).toBe('http://localhost/hook');
    expect(thrown(() => checkWebhookUrl('http://10.0.0.1/hook', 'x')).message).toContain('x must be an https:// URL');
    expect(thrown(() => checkWebhookUrl('ftp://example.com/hook', 'x')).message).toContain('x must be an https:// URL');
    expect(thrown(() => checkWebhookUrl('https://u:pw@example.com/hook', 'x')).message).toBe('x must not hold a user name or password');
    expect(thrown(() => checkWebhookUrl('https://u@example.com/hook', 'x')).message).toBe('x must not hold a user name or password');
    const notUrl = thrown(() => checkWebhookUrl('hooks.slack.com/services/SECRETPATH', 'VIS_NOTIFY_URL'));
    expect(notUrl.message).toBe('VIS_NOTIFY_URL is not a URL: a webhook URL starts with https://');
  });

  it('maskWebhook: the scheme and host, never the path or query; never throws', () => {
    expect(maskWebhook(SLACK)).toBe('https://hooks.slack.com/…');
    expect(maskWebhook(TEAMS)).toBe('https://prod-12.westeurope.logic.azure.com/…');
    expect(maskWebhook('http://127.0.0.1:8080/x?sig=1')).toBe('http://127.0.0.1:8080/…');
    expect(maskWebhook('not a url SECRET')).toBe('the webhook URL (not shown)');
  });

  it('retryAfter: seconds or an HTTP date, from now; nothing readable is undefined', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(retryAfter('7', now)).toBe(7000);
    expect(retryAfter([' 3 '], now)).toBe(3000);
    expect(retryAfter('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter(undefined, now)).toBeUndefined();
  });
});

describe('deliver: one POST, one retry, exit 7', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  const target = (url: string): NotifyTarget => ({ url, format: 'json', display: maskWebhook(url), demo: false });

  async function failure(p: Promise<unknown>): Promise<ServerError> {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ServerError);
    return err as ServerError;
  }

  it('a 2xx: the payload as JSON, posted once, with vis as the agent', async () => {
    receiver = await startReceiver([{ status: 204 }]);
    const clock = fakeClock();
    await deliver(testContext({ overrides: { clock } }), target(receiver.url), { text: 'ünïcode <b>' });
    expect(receiver.received).toHaveLength(1);
    const [r] = receiver.received;
    expect([r!.method, r!.path, r!.body]).toEqual(['POST', `/services/T000/B000/${receiver.secret}`, { text: 'ünïcode <b>' }]);
    expect(r!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r!.headers['user-agent']).toBe('vis/0.0.0-test');
    expect(clock.waits).toEqual([]);
  });

  it('a 503, then a 200: one retry after 2 s; a 429 with Retry-After waits for it', async () => {
    receiver = await startReceiver([{ status: 503 }, { status: 200 }]);
    const clock = fakeClock();
    await deliver(testContext({ overrides: { clock } }), target(receiver.url), { n: 1 });
    expect([receiver.received.length, clock.waits]).toEqual([2, [2000]]);
    await receiver.close();
    receiver = await startReceiver([{ status: 429, headers: { 'retry-after': '9' } }, { status: 200 }]);
    const clock2 = fakeClock();
    await deliver(testContext({ overrides: { clock: clock2 } }), target(receiver.url), { n: 2 });
    expect([receiver.received.length, clock2.waits]).toEqual([2, [9000]]);
  });

  it('a Retry-After over 60 s is waited for 60 s only', async () => {
    receiver = await startReceiver([{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    const clock = fakeClock();
    await deliver(testContext({ overrides: { clock } }), target(receiver.url), {});
    expect(clock.waits).toEqual([60_000]);
  });

  it('a 5xx twice is exit 7, after exactly two posts; the message names the host, not the path', async () => {
    receiver = await startReceiver([{ status: 500 }]);
    const err = await failure(deliver(testContext(), target(receiver.url), {}));
    expect(receiver.received).toHaveLength(2);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toMatch(/^the notification to http:\/\/127\.0\.0\.1:\d+\/… was not delivered: the receiver answered HTTP 500, twice$/);
    expect(err.message).not.toContain(receiver.secret);
  });

  it('a 4xx other than 429 is not repeated', async () => {
    receiver = await startReceiver([{ status: 404 }, { status: 200 }]);
    const err = await failure(deliver(testContext(), target(receiver.url), {}));
    expect([receiver.received.length, err.message.endsWith('the receiver answered HTTP 404')]).toEqual([1, true]);
  });

  it('a receiver that never answers: exit 7 at the timeout', async () => {
    receiver = await startReceiver(['hang']);
    const err = await failure(deliver(testContext(), target(receiver.url), {}, { timeoutMs: 300 }));
    expect(err.message).toContain('was not delivered: no answer within 0.3 s');
    expect(receiver.received).toHaveLength(1);
  });

  it('nothing listening: exit 7, the connection failed', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const err = await failure(deliver(testContext(), target(`http://127.0.0.1:${port}/hook/SECRETPATH`), {}));
    expect(err.message).toMatch(/was not delivered: the connection failed \(ECONNREFUSED\)$/);
    expect(err.message).not.toContain('SECRETPATH');
  });

  it('Ctrl-C during the post is an interruption (130), not a failed delivery', async () => {
    receiver = await startReceiver(['hang']);
    const ac = new AbortController();
    const ctx = testContext();
    const interrupted = { ...ctx, signal: ac.signal };
    const p = deliver(interrupted, target(receiver.url), {});
    setTimeout(() => ac.abort(), 50);
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(exitCodeFor(err)).toBe(130);
  });
});

describe('deliver: what it hands the transport, and how it names a failure', () => {
  afterEach(() => clearSecrets());

  interface Seen {
    agent?: Record<string, unknown>;
    sent: Array<{ url: string; headers: Record<string, string> }>;
  }

  /** A transport whose every send ends as `outcome` says: an error with that code or name, or that status. */
  function fakeTransport(seen: Seen, outcome: { code?: string; name?: string } | number) {
    return {
      createAgent: async (o: unknown) => {
        seen.agent = o as Record<string, unknown>;
        return { close: async () => undefined } as never;
      },
      sendRequest: async (_d: unknown, url: string, o: { headers: Record<string, string> }) => {
        seen.sent.push({ url, headers: o.headers });
        if (typeof outcome === 'number') return { statusCode: outcome, headers: {}, body: { dump: async () => undefined } } as never;
        throw Object.assign(new Error('undici says http://example.test/hook/SECRETPATH failed'), outcome);
      },
    };
  }

  const target: NotifyTarget = { url: 'https://relay.example/hook/SECRETPATH', format: 'json', display: 'https://relay.example/…', demo: false };

  it.each([
    [{ code: 'UND_ERR_HEADERS_TIMEOUT' }, 'no answer within 10 s'],
    [{ code: 'UND_ERR_BODY_TIMEOUT' }, 'no answer within 10 s'],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'no answer within 10 s'],
    [{ name: 'TimeoutError' }, 'no answer within 10 s'],
    [{ code: 'ENOTFOUND' }, 'the connection failed (ENOTFOUND)'],
    [{ code: 'weird code' }, 'the connection failed'],
    [{}, 'the connection failed'],
  ])('%j: exit 7, "%s", never the error’s own text', async (outcome, why) => {
    const seen: Seen = { sent: [] };
    const ctx = testContext({ overrides: { transport: fakeTransport(seen, outcome) } });
    const err = await deliver(ctx, target, {}).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe(`the notification to https://relay.example/… was not delivered: ${why}`);
    expect(seen.sent).toHaveLength(1);
  });

  it('the limits of one attempt, and the proxy the environment names for the webhook’s host', async () => {
    const seen: Seen = { sent: [] };
    const env = { HTTPS_PROXY: 'http://proxy.corp:3128' };
    await deliver(testContext({ env, overrides: { transport: fakeTransport(seen, 200) } }), target, {});
    expect(seen.agent).toEqual({
      connectTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      keepAliveTimeoutMs: 1_000,
      proxy: { uri: 'http://proxy.corp:3128', token: undefined },
    });
    const direct: Seen = { sent: [] };
    await deliver(testContext({ env: { ...env, NO_PROXY: 'relay.example' }, overrides: { transport: fakeTransport(direct, 200) } }), target, {});
    expect(direct.agent).not.toHaveProperty('proxy');
    expect(seen.sent[0]!.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'user-agent': 'vis/0.0.0-test' });
  });

  it('2xx is delivered, 300 is not, and is not repeated', async () => {
    const ok: Seen = { sent: [] };
    await deliver(testContext({ overrides: { transport: fakeTransport(ok, 299) } }), target, {});
    const moved: Seen = { sent: [] };
    const err = await deliver(testContext({ overrides: { transport: fakeTransport(moved, 300) } }), target, {}).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect([ok.sent.length, moved.sent.length, err?.message]).toEqual([
      1,
      1,
      'the notification to https://relay.example/… was not delivered: the receiver answered HTTP 300',
    ]);
  });

  it('retryAfter reads whole seconds only: `3s` and `x3` are not numbers of seconds', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(retryAfter('3s', now)).toBeUndefined();
    expect(retryAfter('x3', now)).toBeUndefined();
    expect(retryAfter('12', now)).toBe(12_000);
  });

  it('an empty VIS_NOTIFY_URL is unset: the profile’s webhook, named as the saved setting in refusals', () => {
    expect(thrown(() => notifyTarget({ VIS_NOTIFY_URL: '' }, { notify: 'http://10.0.0.1/x' })).message).toContain('the saved notify setting must be');
    expect(thrown(() => notifyTarget({}, { notify: '   ' })).message).toContain('--notify needs a webhook');
    expect(thrown(() => notifyTarget({ VIS_NOTIFY_URL: 'http://10.0.0.1/x' }, {})).message).toContain('VIS_NOTIFY_URL must be');
  });
});
