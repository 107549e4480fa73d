/**
 * The tools `vis mcp` serves, generated from the endpoint table: one per data endpoint
 * (item endpoints included), named by its id with `.` and `-` as `_`, its description
 * saying what it returns, what it costs and the plan it needs, and its arguments those of
 * the command line. Arguments are turned into the command line's invocation and checked by
 * the flags' own rules (src/services/endpoint-request.ts), never by a second set: the
 * schemas here say the types and the rules in words.
 */
import { camel } from '../../../flags/argv.js';
import { readsSeveralScopes } from '../../../flags/command-options.js';
import { ENDPOINTS, PLAN_TEXT, daysRule, type EndpointSpec, type ParamSpec, type QueryParam } from '../../../endpoints.js';
import type { Invocation } from '../../../services/endpoint-request.js';

/** The zod the SDK uses (src/mcp/sdk.ts), handed in so that nothing here loads it. */
export type Zod = typeof import('zod').z;
export type Shape = Record<string, import('zod').ZodType>;
export type ToolArgs = Record<string, unknown>;

/** `answers.runs` -> `answers_runs`, `content-gaps` -> `content_gaps`. */
export function toolName(id: string): string {
  return id.replace(/[.-]/g, '_');
}

/** The endpoints served as tools: all but the one that spends, unless it is allowed; `usage`, `brands` and `markets` included. */
export function servedEndpoints(allowPitches: boolean): EndpointSpec[] {
  return ENDPOINTS.filter((e) => !e.spends || allowPitches);
}

/** Does the tool take several brands or markets (`string[]` or `"all"`), as the list commands do? */
export function takesSeveral(spec: EndpointSpec): boolean {
  return readsSeveralScopes(spec);
}

/** What the tool costs in reads, in words. */
export function costText(spec: EndpointSpec): string {
  if (spec.free) return 'Free: no read spent.';
  if (spec.spends) return `Spends one of the month's ${spec.spends.what}s and one read; never repeated from the cache.`;
  const each = takesSeveral(spec) ? ' per brand and market asked' : '';
  return `Costs 1 read${each} of the month's budget, none when the cache holds the answer${spec.idLookup ? ` (an id for ${spec.idLookup.param} is looked up in ${spec.idLookup.list}: one more read, unless cached)` : ''}.`;
}

export function toolDescriptionOf(spec: EndpointSpec): string {
  const parts = [`${spec.summary}.`, spec.description, costText(spec), PLAN_TEXT[spec.plan].help];
  if (spec.integration) parts.push(`Needs the ${spec.integration} integration.`);
  return parts.join(' ');
}

/** A parameter's rule in words, for its description. */
function ruleText(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'int':
      return `a whole number${spec.min !== undefined ? ` from ${spec.min}` : ''}${spec.max !== undefined ? ` to ${spec.max}` : ''}${spec.default !== undefined ? ` (default ${spec.default})` : ''}`;
    case 'enum':
      return `one of ${spec.values.join(', ')}${spec.default !== undefined ? ` (default ${spec.default})` : ''}`;
    case 'date':
      return 'a date YYYY-MM-DD';
    default:
      return `text${spec.default !== undefined ? ` (default ${spec.default})` : ''}`;
  }
}

/** The input schema of an endpoint's tool: its brand, market, period, argument and parameters. */
export function inputShape(z: Zod, spec: EndpointSpec): Shape {
  const shape: Shape = {};
  const scalar = (p: ParamSpec) => (p.kind === 'int' ? z.union([z.number(), z.string()]) : z.string());
  const several = takesSeveral(spec);
  // Always a list too: the command line's rule refuses several where it reads one, in its own words.
  const scope = (what: string, all: string) =>
    z
      .union([z.string(), z.array(z.string())])
      .describe(several ? `${what}; several as a list, or "all" for ${all}. Default: the configured one.` : `${what}: one. Default: the configured one.`);
  if (spec.brand) shape.brand = scope('The brand, by id or name (the brands tool lists them)', 'every brand').optional();
  if (spec.market) shape.market = scope('The market code, such as US-en (the markets tool lists them)', "each brand's markets").optional();
  if (spec.pathParam)
    shape[spec.pathParam.name] = (spec.pathParam.type === 'integer' ? z.union([z.number(), z.string()]) : z.string()).describe(spec.pathParam.description);
  if (spec.period === 'range' || spec.period === 'days')
    shape.days = scalar(daysRule(spec))
      .describe(`Days back, ${ruleText(daysRule(spec))}`)
      .optional();
  if (spec.period === 'range') {
    shape.from = z.string().describe('First day, YYYY-MM-DD (with to, instead of days)').optional();
    shape.to = z.string().describe('Last day, YYYY-MM-DD').optional();
  }
  for (const p of [...spec.query, ...(spec.body ?? [])]) {
    const s = scalar(p.spec).describe(`${p.description}: ${ruleText(p.spec)}${p.known ? `; known values ${p.known.join(', ')}` : ''}`);
    shape[p.name] = p.required ? s : s.optional();
  }
  return shape;
}

/** The argument names of a tool, each with the flag that checks it, for messages. */
function flagOf(spec: EndpointSpec): Array<[flag: string, field: string]> {
  const pairs: Array<[string, string]> = [
    ['--all-brands', 'brand'],
    ['--all-markets', 'market'],
    ['--brand', 'brand'],
    ['--market', 'market'],
    ['--days', 'days'],
    ['--from', 'from'],
    ['--to', 'to'],
  ];
  for (const p of [...spec.query, ...(spec.body ?? [])] as QueryParam[]) pairs.push([`--${p.flag}`, p.name]);
  // Longest first: --market is not read inside --all-markets.
  return pairs.sort((a, b) => b[0].length - a[0].length);
}

/** A flag rule's message with the tool's argument names in place of the flags. */
export function argumentMessage(spec: EndpointSpec, message: string): string {
  let out = message;
  for (const [flag, field] of flagOf(spec)) out = out.split(flag).join(`"${field}"`);
  return out;
}

/** The command line's invocation for the tool's arguments: the flags' rules then check it as typed. */
export function invocationOf(spec: EndpointSpec, args: ToolArgs): Invocation {
  const globals: Record<string, unknown> = {};
  const text = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v));
  if (args.brand === 'all') globals.allBrands = true;
  else if (args.brand !== undefined) globals.brand = text(args.brand);
  if (args.market === 'all') globals.allMarkets = true;
  else if (args.market !== undefined) globals.market = text(args.market);
  for (const k of ['days', 'from', 'to'] as const) if (args[k] !== undefined) globals[k] = String(args[k]);
  const local: Record<string, unknown> = {};
  for (const p of [...spec.query, ...(spec.body ?? [])]) if (args[p.name] !== undefined && p.name !== 'market') local[camel(p.flag)] = String(args[p.name]);
  const pathArg = spec.pathParam && args[spec.pathParam.name] !== undefined ? String(args[spec.pathParam.name]) : undefined;
  return { globals, local, pathArg, marketFromFlag: args.market !== undefined, yes: spec.spends !== undefined };
}

/** How to ask for less of an endpoint, for the note under a cut answer. */
export function narrowHint(spec: EndpointSpec): string {
  const ways: string[] = [];
  if (spec.query.some((q) => q.name === 'limit')) ways.push('a smaller limit');
  if (spec.period !== 'none') ways.push('a shorter period (days, or from and to)');
  if (takesSeveral(spec)) ways.push('fewer brands or markets');
  ways.push('or raise vis mcp --max-bytes');
  return `To narrow it: ${ways.join(', ')}.`;
}
