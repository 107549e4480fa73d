/**
 * Runs one endpoint of the table: options are parsed and checked first (exit 2, no
 * request), then the brand is resolved, the request sent, and the answer rendered.
 */
import { UsageError, VisError } from '../errors.js';
import type { EndpointSpec } from '../endpoints.js';
import type { ApiClient } from '../http/client.js';
import { pathSegment } from '../http/url.js';
import { isProspectUrl } from '../domain/prospect.js';
import type { Context } from './context.js';
import { openSession, type Session } from './session.js';
import { resolveBrand } from './brands.js';
import { hintFor } from './hints.js';
import { intRule, parseEndpointOptions, parseFlags, periodPairs, usageFromZod, type FlagOptions, type RawGlobalOptions } from '../flags/rules.js';
import { checkOutputOptions, renderResponse } from './render.js';

export interface Invocation {
  /** The path argument (`vis topics <id>`), for item endpoints. */
  pathArg?: string;
  /** The endpoint's own options as commander parsed them (camelCase keys). */
  local: Record<string, unknown>;
  /** The global options, merged from every level of the command. */
  globals: RawGlobalOptions;
  /** Was --market typed on the command line (not from env or profile)? */
  marketFromFlag: boolean;
  /** --field key=value pairs for POST bodies. */
  fields?: string[];
  yes?: boolean;
}

export interface PreparedRequest {
  flags: FlagOptions;
  command: string;
  path: string;
  query: Array<[string, string]>;
  body?: Record<string, unknown>;
}

/** Everything that can be checked without the network. Throws UsageError. */
export function prepareRequest(ctx: Context, spec: EndpointSpec, inv: Invocation): PreparedRequest {
  const flags = parseFlags(inv.globals, ctx.today());
  const command = `vis ${spec.words.join(' ')}`;

  let path = spec.path;
  if (spec.pathParam) {
    const name = spec.pathParam.name;
    const value = inv.pathArg;
    if (value === undefined || value.trim() === '') throw new UsageError(`${command} needs <${name}>`);
    let wire = value;
    if (spec.pathParam.type === 'integer') {
      const r = intRule(`<${name}>`, 1).safeParse(value);
      if (!r.success) throw usageFromZod(r.error);
      wire = String(r.data);
    }
    path = path.replace(`{${name}}`, pathSegment(wire, `${command} <${name}>`));
  }

  if (!spec.brand && flags.brand !== undefined) throw new UsageError(`${command} does not take --brand`);
  if (!spec.market && flags.market !== undefined && spec.method === 'GET') {
    throw new UsageError(`${command} does not take --market`);
  }

  const query: Array<[string, string]> = [];
  query.push(...periodPairs(spec, flags.period, command));
  query.push(...parseEndpointOptions(spec, spec.query, inv.local));
  for (const [k, v] of flags.params) query.push([k, v]);

  let body: Record<string, unknown> | undefined;
  if (spec.body) {
    const values: Record<string, unknown> = { ...inv.local };
    if (inv.marketFromFlag && flags.market !== undefined) values.market = flags.market;
    body = Object.fromEntries(parseEndpointOptions(spec, spec.body, values));
    if (typeof body.url === 'string') body.url = checkProspect(body.url);
    for (const f of inv.fields ?? []) {
      const eq = f.indexOf('=');
      if (eq <= 0) throw new UsageError(`--field must be key=value with a non-empty key (got "${f}")`);
      body[f.slice(0, eq)] = f.slice(eq + 1);
    }
  } else if (inv.fields && inv.fields.length > 0) {
    throw new UsageError(`${command} does not take --field`);
  }

  return { flags, command, path, query, body };
}

/** A prospect is a domain or an http(s) URL, by the rule the API applies (src/domain/prospect.ts). */
export function checkProspect(value: string): string {
  const v = value.trim();
  if (isProspectUrl(v)) return v;
  throw new UsageError(`<domain-or-url> must be a domain such as acme.com or an http(s) URL (got "${value}")`);
}

export async function runEndpoint(ctx: Context, spec: EndpointSpec, inv: Invocation): Promise<void> {
  const prepared = prepareRequest(ctx, spec, inv);
  const { flags } = prepared;
  const session = await openSession(ctx, flags);
  try {
    checkOutputOptions(session.settings.format.value, flags);
    if (spec.spends) await confirmSpend(ctx, spec, prepared, inv.yes === true);

    const query: Array<[string, string]> = [];
    if (spec.brand && session.settings.brand) {
      query.push(['brand_id', await resolveBrand(session, session.settings.brand.value, session.settings.brand.source)]);
    }
    if (spec.market && session.settings.market) query.push(['market', session.settings.market.value]);
    query.push(...prepared.query);

    session.progress.start(`${prepared.command}…`);
    const res = await sendWithHints(session, {
      method: spec.method,
      path: prepared.path,
      query,
      body: prepared.body,
      unknownOutcome: spec.spends?.unknownOutcome,
    }, spec);
    session.progress.stop();
    await renderResponse(ctx, {
      format: session.settings.format.value,
      flags,
      spec,
      raw: res.raw,
      envelope: res.envelope,
    });
  } finally {
    await session.close();
  }
}

type SendArgs = Parameters<ApiClient['send']>[0];

/** Sends, and on failure adds the hint that tells the user what to do next. */
export async function sendWithHints(session: Session, req: SendArgs, spec?: EndpointSpec) {
  try {
    return await session.client.send(req);
  } catch (err) {
    session.progress.stop();
    if (err instanceof VisError) await hintFor(err, session, spec);
    throw err;
  }
}

/** A call that spends (POST /pitches, a pitch report): ask on a TTY, insist on --yes otherwise. */
async function confirmSpend(ctx: Context, spec: EndpointSpec, prepared: PreparedRequest, yes: boolean): Promise<void> {
  if (yes) return;
  const target = String(prepared.body?.url ?? '');
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY) {
    throw new UsageError(`${prepared.command} spends one of the month's pitch reports: pass --yes to confirm when not at a terminal`);
  }
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr, terminal: true });
  const answer = await new Promise<string>((resolve) => {
    rl.question(`Scan ${target} and create a pitch report? This spends 1 of the month's pitch reports. [y/N] `, resolve);
  }).finally(() => rl.close());
  if (!/^y(es)?$/i.test(answer.trim())) {
    throw new UsageError(`${spec.words.join(' ')} cancelled: nothing was spent`);
  }
}
