/**
 * The command reference, generated from the endpoint table so it cannot drift (`npm run
 * docs` rewrites the part of docs/commands.md between the markers; a test fails when the
 * checked-in file differs from what this produces).
 */
/** The file that holds the generated reference, from the repository's root. */
export const REFERENCE_FILE = 'docs/commands.md';

import { ENDPOINTS, PLAN_TEXT, endpointById, type EndpointSpec } from '../endpoints.js';

export const BEGIN_MARKER = '<!-- BEGIN GENERATED COMMAND REFERENCE (npm run docs) -->';
export const END_MARKER = '<!-- END GENERATED COMMAND REFERENCE -->';

function usage(spec: EndpointSpec): string {
  const parts = ['vis', ...spec.words];
  if (spec.pathParam) parts.push(`<${spec.pathParam.name}>`);
  if (spec.body) parts.push('<domain-or-url>');
  for (const q of spec.query) parts.push(q.required ? `--${q.flag} ${q.placeholder}` : `[--${q.flag} ${q.placeholder}]`);
  for (const b of spec.body ?? []) if (b.name !== 'url') parts.push(`[--${b.flag} ${b.placeholder}]`);
  if (spec.spends) parts.push('[--yes]');
  return parts.join(' ');
}

function flags(spec: EndpointSpec): string {
  const f: string[] = [];
  if (spec.brand) f.push('brand');
  if (spec.market) f.push('market');
  if (spec.period === 'range') f.push('period (`--days`, `--from`/`--to`)');
  if (spec.period === 'days') f.push(`\`--days\` (default ${spec.defaultDays})`);
  return f.length > 0 ? f.join(', ') : '—';
}

export function commandReference(): string {
  const rows = ENDPOINTS.map((s) => {
    const plan = PLAN_TEXT[s.plan].table;
    const cost = s.free
      ? 'free'
      : s.spends
        ? `1 ${s.spends.what}`
        : s.idLookup
          ? `1 read; 2 with an id, unless \`vis ${endpointById(s.idLookup.list).words.join(' ')}\` is cached`
          : '1 read';
    return `| \`${usage(s).replace(/\|/g, '\\|')}\` | ${s.summary.replace(/\|/g, '\\|')} | \`${s.method} ${s.path}\` | ${plan} | ${cost} | ${flags(s)} |`;
  });
  const examples = ENDPOINTS.flatMap((s) => s.examples.map((e) => e));
  return [
    BEGIN_MARKER,
    '',
    '| Command | What it shows | Endpoint | Plan | Cost | Takes |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    'Examples, one or more per command:',
    '',
    '```sh',
    ...examples,
    '```',
    '',
    END_MARKER,
  ].join('\n');
}

/** Replaces the generated part of the reference file's text. Throws when the markers are missing. */
export function spliceReference(text: string): string {
  const a = text.indexOf(BEGIN_MARKER);
  const b = text.indexOf(END_MARKER);
  if (a < 0 || b < a) throw new Error(`${REFERENCE_FILE} lacks the command reference markers`);
  return text.slice(0, a) + commandReference() + text.slice(b + END_MARKER.length);
}
