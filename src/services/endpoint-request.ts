/**
 * The request an endpoint's command line asks for, checked: the flags, the path argument,
 * the endpoint's own options and the body, as `vis <data command>` sends them and as
 * `vis history <data command>` names the recorded query. Throws UsageError (exit 2);
 * opens nothing, sends nothing.
 */
import { UsageError } from '../errors.js';
import type { EndpointSpec } from '../endpoints.js';
import { pathSegment } from '../http/url.js';
import { isProspectUrl } from '../domain/prospect.js';
import { intRule, parseEndpointOptions, parseFlags, periodPairs, usageFromZod, type FlagOptions, type RawGlobalOptions } from '../flags/rules.js';
import { readsSeveralScopes } from '../flags/command-options.js';
import { optionValues, typedValues } from '../flags/argv.js';
import type { Context } from './context.js';

/** What the declaration hands over from commander: raw strings, as typed. */
export interface Invocation {
  /** The path argument (`vis topics <id>`), for item endpoints. */
  pathArg?: string;
  /** The endpoint's own options as commander parsed them (camelCase keys). */
  local: Record<string, unknown>;
  /** The root's global options and the command's shared ones (optionsOf in src/cli/declare.ts). */
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

/** The request part: flags, path argument, query and body. Throws UsageError. */
export function prepareRequest(ctx: Context, spec: EndpointSpec, inv: Invocation): PreparedRequest {
  const flags = parseFlags(inv.globals, ctx.today());
  const command = `vis ${spec.words.join(' ')}`;

  let path = spec.path;
  if (spec.pathParam) {
    const name = spec.pathParam.name;
    const value = inv.pathArg;
    if (value === undefined || value.trim() === '') throw new UsageError(`<${name}> is required by ${command}`);
    let wire = value;
    if (spec.pathParam.type === 'integer') {
      const r = intRule(`<${name}>`, 1).safeParse(value);
      if (!r.success) throw usageFromZod(r.error);
      wire = String(r.data);
    }
    path = path.replace(`{${name}}`, pathSegment(wire, `<${name}> of ${command}`));
  }

  // --brand, --market, --refresh and --no-cache where the command does not take them
  // were refused by commander before this step (src/cli/option-errors.ts): a list and its
  // item take the same ones. The period can differ (`vis topics <id>` has none): periodPairs.
  const query: Array<[string, string]> = [];
  query.push(...periodPairs(spec, flags.period, spec.pathParam ? `${command} <${spec.pathParam.name}>` : command));
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
    throw new UsageError(`--field does not apply to ${command}`);
  }

  return { flags, command, path, query, body };
}

/** A prospect is a domain or an http(s) URL, by the rule the API applies (src/domain/prospect.ts). */
export function checkProspect(value: string): string {
  const v = value.trim();
  if (isProspectUrl(v)) return v;
  throw new UsageError(`<domain-or-url> must be a domain such as acme.com or an http(s) URL (got "${value}")`);
}

/**
 * What the scope flags asked for. `several`: the flags alone ask for more than one brand or
 * market, so the output is the combined one whatever the account holds. One --brand value
 * with a comma is decided when the brands are known: the whole value may be one name.
 */
export interface ScopeChoice {
  brands: string[] | 'all' | undefined;
  markets: string[] | 'all' | undefined;
  several: boolean;
}

/**
 * The scope flags, checked, and the invocation with one --brand and one --market as the
 * rest of the parse takes them. Market codes hold no comma, so `--market A,B` is several
 * here; a brand name may, so one --brand value stays whole until the brands are known.
 */
export function parseScopes(spec: EndpointSpec, inv: Invocation): { inv: Invocation; scopes: ScopeChoice } {
  const g = inv.globals as Record<string, unknown>;
  // A brand is kept as typed, to be matched once the brands are known; a --market that
  // leaves no code is an empty list, not an absent flag.
  const brands = typedValues(g.brand);
  const markets = g.market === undefined ? undefined : (optionValues(g.market, true) ?? []);
  const allBrands = g.allBrands === true;
  const allMarkets = g.allMarkets === true;
  if (allBrands && brands !== undefined) throw new UsageError('--brand and --all-brands cannot be used together: --all-brands reads every brand');
  if (allMarkets && markets !== undefined) throw new UsageError('--market and --all-markets cannot be used together: --all-markets reads each brand’s markets');
  const several = allBrands || allMarkets || (brands?.length ?? 0) > 1 || (markets?.length ?? 0) > 1;
  if (several && (spec.pathParam !== undefined || !readsSeveralScopes(spec))) {
    const flag = allBrands ? '--all-brands' : allMarkets ? '--all-markets' : (brands?.length ?? 0) > 1 ? '--brand' : '--market';
    throw new UsageError(
      `${flag}: vis ${spec.words.join(' ')}${spec.pathParam ? ` <${spec.pathParam.name}>` : ''} reads one brand and one market; several apply to lists only`,
      {
        hint: `Run it once for each, or read the list (vis ${spec.words[0]}) for several brands or markets at once.`,
      },
    );
  }
  const globals = { ...inv.globals, brand: brands?.[0], market: inv.marketFromFlag ? markets?.[0] : (g.market as string | undefined) };
  if (brands === undefined) delete globals.brand;
  if (globals.market === undefined) delete globals.market;
  delete (globals as Record<string, unknown>).allBrands;
  delete (globals as Record<string, unknown>).allMarkets;
  return {
    inv: { ...inv, globals },
    scopes: { brands: allBrands ? 'all' : brands, markets: allMarkets ? 'all' : markets, several },
  };
}
