/**
 * Where `vis changes --notify` posts, and the posting: the webhook from VIS_NOTIFY_URL or
 * the profile's `notify` setting (set from stdin only), its format from VIS_NOTIFY_FORMAT,
 * the profile's `notify_format`, or the URL's host; then one POST through the same proxy
 * rules as the API, bounded by a timeout, repeated once after a 5xx or a 429.
 *
 * A webhook URL is a secret (whoever holds it may post to the channel): it is registered
 * with the masker, shown only as its scheme and host, and never put in a message, a cache,
 * an export or a report. Nothing here reads the response's body beyond its status.
 */
import { InterruptedError, ServerError, UsageError } from '../errors.js';
import type { Env } from '../domain/env.js';
import type { Profile } from '../config/store.js';
import { selectProxy } from '../http/proxy.js';
import { registerSecret } from '../http/redact.js';
import { isLoopbackHost } from '../http/url.js';
import type { Context } from './context.js';

export const NOTIFY_FORMATS = ['slack', 'teams', 'json'] as const;
export type NotifyFormat = (typeof NOTIFY_FORMATS)[number];

export interface NotifyTarget {
  url: string;
  format: NotifyFormat;
  /** The URL as vis shows it: `https://hooks.slack.com/…`. */
  display: string;
  /** --demo: the message is the demo's made-up data, and says so; the webhook is on this machine. */
  demo: boolean;
}

/** How long one attempt may take, connect to answer. */
export const NOTIFY_TIMEOUT_MS = 10_000;
/** The longest Retry-After vis waits for before its one retry. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The wait before the retry when the receiver names none. */
const DEFAULT_RETRY_MS = 2_000;

/** The webhook as vis may show it: its scheme and host; the path, which holds the secret, as `…`. Never throws. */
export function maskWebhook(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…`;
  } catch {
    return 'the webhook URL (not shown)';
  }
}

/** A webhook URL checked: https, or http to this machine (a local relay, a test). Throws naming `source`, never quoting the URL. */
export function checkWebhookUrl(value: string, source: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new UsageError(`${source} is not a URL: a webhook URL starts with https://`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new UsageError(`${source} must be an https:// URL (http:// only to this machine): a webhook URL is a secret, sent only encrypted`);
  }
  if (url.username !== '' || url.password !== '') throw new UsageError(`${source} must not hold a user name or password`);
  return trimmed;
}

export function checkNotifyFormat(value: string, source: string): NotifyFormat {
  const v = value.trim().toLowerCase();
  if (!(NOTIFY_FORMATS as readonly string[]).includes(v))
    throw new UsageError(`${source} must be one of ${NOTIFY_FORMATS.join(', ')} (got ${JSON.stringify(value)})`);
  return v as NotifyFormat;
}

/** The format a webhook's host says: Slack's incoming webhooks, Teams' workflows (Power Automate); else none. */
export function formatOfHost(url: string): NotifyFormat | undefined {
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'hooks.slack.com') return 'slack';
  if (host.endsWith('.logic.azure.com') || host.endsWith('.powerplatform.com')) return 'teams';
  return undefined;
}

/**
 * The webhook and its format, from the environment first, then the profile. Throws a
 * UsageError (exit 2, before any read) when none is set or the format cannot be told,
 * and with `demo` when the webhook is not on this machine: nothing of --demo leaves it.
 */
export function notifyTarget(env: Env, profile: Pick<Profile, 'notify' | 'notify_format'>, demo = false): NotifyTarget {
  const fromEnv = env.VIS_NOTIFY_URL ? env.VIS_NOTIFY_URL : undefined;
  const raw = fromEnv ?? profile.notify;
  if (raw === undefined || raw.trim() === '') {
    throw new UsageError('--notify needs a webhook: set VIS_NOTIFY_URL, or save one with `vis config set notify` (it reads the URL from stdin)');
  }
  const source = fromEnv !== undefined ? 'VIS_NOTIFY_URL' : 'the saved notify setting';
  const url = checkWebhookUrl(raw, source);
  registerSecret(url);
  if (demo && !isLoopbackHost(new URL(url).hostname)) {
    throw new UsageError(
      `--demo notifies only a webhook on this machine (localhost, 127.0.0.0/8, [::1]): ${source} points to ${maskWebhook(url)}, and the demo's made-up changes must not reach a real channel; drop --demo to notify about your own data, or set VIS_NOTIFY_URL to a local receiver to rehearse`,
    );
  }
  const named = env.VIS_NOTIFY_FORMAT
    ? checkNotifyFormat(env.VIS_NOTIFY_FORMAT, 'VIS_NOTIFY_FORMAT')
    : profile.notify_format
      ? checkNotifyFormat(profile.notify_format, 'the saved notify_format setting')
      : undefined;
  const format = named ?? formatOfHost(url);
  if (format === undefined) {
    throw new UsageError(
      `the webhook's host (${maskWebhook(url)}) does not say its format: set VIS_NOTIFY_FORMAT (or vis config set notify_format) to ${NOTIFY_FORMATS.slice(0, -1).join(', ')} or ${NOTIFY_FORMATS.at(-1)}`,
    );
  }
  return { url, format, display: maskWebhook(url), demo };
}

export interface DeliverOptions {
  /** One attempt's limit; NOTIFY_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
}

/**
 * POSTs `payload` as JSON to the webhook: a 2xx is delivered; a 5xx or 429 is tried once
 * more after its Retry-After (at most 60 s); anything else, a second failure, a refused
 * connection or the timeout is a ServerError (exit 7) naming the masked URL and the cause.
 */
export async function deliver(ctx: Context, target: NotifyTarget, payload: object, o: DeliverOptions = {}): Promise<void> {
  const body = JSON.stringify(payload);
  const timeoutMs = o.timeoutMs ?? NOTIFY_TIMEOUT_MS;
  const transport = await ctx.transport();
  const proxy = selectProxy(ctx.env, target.url).proxy;
  const agent = await transport.createAgent({
    connectTimeoutMs: timeoutMs,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
    keepAliveTimeoutMs: 1_000,
    ...(proxy ? { proxy: { uri: proxy.uri, token: proxy.token } } : {}),
  });
  const fail = (why: string) => new ServerError(`the notification to ${target.display} was not delivered: ${why}`);
  try {
    for (let attempt = 1; ; attempt++) {
      const status = await postOnce(ctx, transport, agent, target, body, timeoutMs).catch((err: unknown) => {
        throw ctx.signal.aborted ? new InterruptedError() : fail(causeOf(err, timeoutMs));
      });
      if (status.code >= 200 && status.code < 300) return;
      const again = status.code === 429 || status.code >= 500;
      if (!again || attempt === 2) throw fail(`the receiver answered HTTP ${status.code}${attempt === 2 ? ', twice' : ''}`);
      await ctx.clock.sleep(Math.min(status.retryAfterMs ?? DEFAULT_RETRY_MS, MAX_RETRY_AFTER_MS), ctx.signal);
    }
  } finally {
    await agent.close().catch(() => undefined);
  }
}

interface Answer {
  code: number;
  retryAfterMs: number | undefined;
}

async function postOnce(
  ctx: Context,
  transport: Awaited<ReturnType<Context['transport']>>,
  agent: Awaited<ReturnType<Awaited<ReturnType<Context['transport']>>['createAgent']>>,
  target: NotifyTarget,
  body: string,
  timeoutMs: number,
): Promise<Answer> {
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  const res = await transport.sendRequest(agent, target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': `vis/${ctx.version}` },
    body,
    signal,
  });
  // The body is the receiver's ("ok", an error page): not read, only drained.
  await res.body.dump().catch(() => undefined);
  return { code: res.statusCode, retryAfterMs: retryAfter(res.headers['retry-after'], ctx.clock.now()) };
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Why an attempt failed, in words that hold no URL (undici's errors may quote it). */
function causeOf(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string } | undefined;
  if (e?.name === 'TimeoutError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT' || e?.code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (typeof e?.code === 'string' && /^[A-Z_]+$/.test(e.code)) return `the connection failed (${e.code})`;
  return 'the connection failed';
}
