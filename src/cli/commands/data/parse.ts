/**
 * The parse step of every data command (one per entry of src/endpoints.ts): the flags,
 * the path argument, the endpoint's own options and body, the settings (flag > env >
 * profile), the output options and the spend confirmation, all checked into DataOptions.
 * Throws UsageError (exit 2); opens nothing, sends nothing, writes nothing.
 */
import { UsageError } from '../../../errors.js';
import type { EndpointSpec } from '../../../endpoints.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { checkOutputOptions } from '../../../terminal/render.js';
import { parseListOptions, type ListOptions } from '../../../output/filter.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { parseScopes, prepareRequest, type Invocation, type PreparedRequest, type ScopeChoice } from '../../../services/endpoint-request.js';
import { camel, type Format } from '../../../flags/rules.js';

export interface DataOptions extends ParsedOptions {
  command: 'data';
  spec: EndpointSpec;
  request: PreparedRequest;
  session: SessionOptions;
  /** The format that won (flag > env > profile > table), checked. */
  format: Format;
  /** A call that spends: confirmed by --yes, or to be asked at the terminal. */
  confirm: 'none' | 'yes' | 'ask';
  /** --sort, --top and the row filters (src/output/filter.ts), checked. */
  list: ListOptions;
  /** The brands and markets asked for by --brand A,B, --all-brands, --market A,B, --all-markets. */
  scopes: ScopeChoice;
}

/**
 * `vis <word> [<id>]`: with the id, the item endpoint (and the list's own options are
 * refused), without it the list.
 */
export function parseDataOptions(ctx: Context, spec: EndpointSpec, inv0: Invocation, list?: EndpointSpec): DataOptions {
  const { inv, scopes } = parseScopes(spec, inv0);
  if (list && list !== spec) refuseListOptions(inv, list, spec);
  const request = prepareRequest(ctx, spec, inv);
  const session = parseSessionOptions(ctx, request.flags);
  const format = session.settings.format.value;
  checkOutputOptions(format, request.flags, ctx);
  let confirm: DataOptions['confirm'] = 'none';
  if (spec.spends) {
    confirm = inv.yes === true ? 'yes' : 'ask';
    if (confirm === 'ask' && (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY)) {
      throw new UsageError(`--yes is required by ${request.command} when not at a terminal: it spends one of the month's ${spec.spends.what}s`);
    }
  }
  return { command: 'data', spec, request, session, format, confirm, scopes, list: listOptions(spec, inv, request.command) };
}

/** The list options, where the endpoint has a list: `vis topics <id>` shares its word's flags but not always its filters. */
function listOptions(spec: EndpointSpec, inv: Invocation, command: string): ListOptions {
  const raw = inv.globals as Record<string, unknown>;
  const takes: readonly string[] = spec.collection === undefined ? [] : ['sort', 'top', ...(spec.listFilters ?? [])];
  for (const flag of ['sort', 'top', 'engine', 'state', 'action']) {
    if (raw[flag] !== undefined && !takes.includes(flag)) {
      throw new UsageError(`--${flag} does not apply to ${command}${spec.pathParam ? ` <${spec.pathParam.name}>` : ''}`);
    }
  }
  return parseListOptions(raw);
}

/** Options of the list endpoint are refused when an item id is given. */
function refuseListOptions(inv: Invocation, list: EndpointSpec, item: EndpointSpec): void {
  for (const p of list.query) {
    if (inv.local[camel(p.flag)] !== undefined) {
      throw new UsageError(`--${p.flag} applies to the list (vis ${list.words.join(' ')}), not to vis ${item.words.join(' ')} <${item.pathParam?.name}>`);
    }
  }
}
