/**
 * The tools `vis mcp` serves, as docs/mcp.md lists them: one per endpoint of the endpoint
 * table (named by its id, `.` and `-` as `_`), plus `history` and `changes`, which read the
 * local history store. `npm run docs` rewrites the table between the markers; a test fails
 * when the checked-in file differs, and the MCP Inspector's test checks the server's list
 * against the same names.
 */
import { ENDPOINTS, PLAN_TEXT, endpointById, type EndpointSpec } from '../src/endpoints.js';
import { readsSeveralScopes } from '../src/flags/command-options.js';

/** The file that holds the generated table, from the repository's root. */
export const MCP_DOC_FILE = 'docs/mcp.md';

export const BEGIN_MARKER = '<!-- BEGIN GENERATED MCP TOOLS (npm run docs) -->';
export const END_MARKER = '<!-- END GENERATED MCP TOOLS -->';

/** A tool's name: the endpoint's id with `.` and `-` as `_` (`topics.get` is `topics_get`). */
export function toolName(id: string): string {
  return id.replace(/[.-]/g, '_');
}

export interface ToolDoc {
  name: string;
  returns: string;
  cost: string;
  plan: string;
  /** The CLI command that reads the same. */
  cli: string;
  /** Served only with `vis mcp --allow-pitches` (it spends, so it is not read-only). */
  onlyWithAllowPitches: boolean;
}

/** Reads the API charges; none when the cache holds the answer. Several brands or markets: each is a read. */
function cost(spec: EndpointSpec): string {
  if (spec.free) return 'free';
  if (spec.spends) return `1 ${spec.spends.what} and 1 read`;
  if (spec.idLookup) {
    const list = toolName(endpointById(spec.idLookup.list).id);
    return `1 read; 2 when \`${spec.idLookup.param}\` is an id, unless \`${list}\` is cached`;
  }
  return readsSeveralScopes(spec) ? '1 read per brand and market' : '1 read';
}

function plan(spec: EndpointSpec): string {
  const text = PLAN_TEXT[spec.plan].table;
  return spec.integration ? `${text}; the ${spec.integration} integration connected` : text;
}

/** Every tool, in the endpoint table's order, then the history's two. */
export function mcpTools(): ToolDoc[] {
  const endpoints = ENDPOINTS.map((s) => ({
    name: toolName(s.id),
    // The table's Plan column says it: the summary's own "(Pro, Growth)" would repeat it.
    returns: s.summary.replace(` (${PLAN_TEXT.pro.table})`, ''),
    cost: cost(s),
    plan: plan(s),
    cli: ['vis', ...s.words, ...(s.pathParam ? [`<${s.pathParam.name}>`] : [])].join(' '),
    onlyWithAllowPitches: s.spends !== undefined,
  }));
  const history: ToolDoc[] = [
    {
      name: 'history',
      returns: 'The recorded days of one data command’s answers, as a series (topics, competitors, visibility...)',
      cost: 'free: reads the local history',
      plan: PLAN_TEXT.any.table,
      cli: 'vis history <command>',
      onlyWithAllowPitches: false,
    },
    {
      name: 'changes',
      returns: 'What moved between two recorded days, worst news first (`since`, `threshold`)',
      cost: 'free: reads the local history',
      plan: PLAN_TEXT.any.table,
      cli: 'vis changes',
      onlyWithAllowPitches: false,
    },
  ];
  return [...endpoints, ...history];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function mcpToolTable(): string {
  const rows = mcpTools().map((t) => {
    const name = t.onlyWithAllowPitches ? `\`${t.name}\` (only with \`--allow-pitches\`)` : `\`${t.name}\``;
    return `| ${name} | ${cell(t.returns)} | ${cell(t.cost)} | ${cell(t.plan)} | \`${t.cli}\` |`;
  });
  return [BEGIN_MARKER, '', '| Tool | What it returns | Cost | Plan | Same as |', '|---|---|---|---|---|', ...rows, '', END_MARKER].join('\n');
}

/** Replaces the generated table in docs/mcp.md's text. Throws when the markers are missing. */
export function spliceMcpTools(text: string): string {
  const a = text.indexOf(BEGIN_MARKER);
  const b = text.indexOf(END_MARKER);
  if (a < 0 || b < a) throw new Error(`${MCP_DOC_FILE} lacks the tool table's markers`);
  return text.slice(0, a) + mcpToolTable() + text.slice(b + END_MARKER.length);
}
