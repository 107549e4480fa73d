/**
 * Help topics that are not commands: `vis help exit-codes`, `vis help environment` and
 * `vis help options`. The first two restate docs/guide.md's "Exit codes" table and the
 * environment column of its "Global options" table; a test fails when the guide and
 * these drift apart. The options topic is made from the lists the root program and the
 * declare helpers are built from (src/flags/globals.ts, src/flags/command-options.ts).
 */
import { COMMAND_OPTIONS } from '../flags/command-options.js';
import { GLOBAL_OPTIONS } from '../flags/globals.js';

export interface HelpTopic {
  name: string;
  /** One line for `vis help`'s completion menu and the unknown-topic hint. */
  summary: string;
  intro: string;
  columns: readonly [string, string];
  rows: ReadonlyArray<readonly [string, string]>;
}

export const EXIT_CODES_TOPIC: HelpTopic = {
  name: 'exit-codes',
  summary: 'what each exit code of vis means',
  intro: 'Exit codes of vis. Errors print on stderr as `vis: <message> [<code>]`, with a hint line where one helps; stdout stays empty on errors.',
  columns: ['Code', 'Meaning'],
  rows: [
    ['0', 'success'],
    ['1', 'unexpected failure (a bug): one line on stderr; the stack with --debug'],
    [
      '2',
      'usage: bad flag or argument (refused before any request, so no read is spent), invalid_parameter, brand_required, no base URL or key, a --profile or VIS_PROFILE that does not exist, a bad VIS_RATE_LIMIT, VIS_MAX_BODY_MB or proxy variable (HTTPS_PROXY and the like), an API key with a character an HTTP header cannot carry, `pitches create` without --yes when not at a terminal, an -o file that cannot be written, an item argument or `vis api` path that would leave the base URL (`.`/`..` in any spelling), a config file or folder that cannot be read or written (no permission, read-only, full disk, a folder where the file should be), a history store that is damaged, newer or refuses the login (history commands), `vis report --pdf` with no Chromium or one that cannot print',
    ],
    ['3', 'authentication: invalid_api_key; --demo with a VIS_API_KEY that is not a demo key'],
    ['4', 'not available to this account: feature_not_in_plan, plan_inactive, 402 (pitch allowance used up), integration_not_connected'],
    ['5', 'not found: brand_not_found, market_not_found, not_found'],
    ['6', 'limits: quota_exceeded, or rate_limited still after the retries'],
    [
      '7',
      'server or network: 5xx, upstream_error after the retries, timeouts, refused or broken connections, a body that is not the API’s envelope, an answer larger than VIS_MAX_BODY_MB, compressed, not UTF-8 or nested deeper than 64 levels; a PostgreSQL history out of reach (history commands, changes, report); a `vis changes --notify` notification not delivered',
    ],
    ['8', '`vis changes --exit-code` found at least one change (0 when none, or nothing to compare yet), like `git diff --exit-code`'],
    ['129, 130, 143', 'stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM'],
  ],
};

export const ENVIRONMENT_TOPIC: HelpTopic = {
  name: 'environment',
  summary: 'the environment variables vis reads',
  intro: 'Environment variables vis reads. A flag wins over its variable, and a variable over the saved profile.',
  columns: ['Variable', 'Meaning'],
  rows: [
    ['VIS_API_KEY', 'the API key (there is no flag: keys do not belong in argv)'],
    ['VIS_BASE_URL', '--base-url: the API base address, ending in /api/v1'],
    ['VIS_BRAND', '--brand: brand id, or a name matched case-insensitively against GET /brands (free)'],
    ['VIS_MARKET', '--market: US-en, US, or a market id; default: the brand’s primary market'],
    ['VIS_FORMAT', '--format: table, json or csv; default table (`vis api` ignores it and prints JSON unless --format is given)'],
    ['VIS_PROFILE', '--profile: which saved profile to use; one that does not exist is exit 2'],
    [
      'VIS_DEMO=1',
      '--demo: use the built-in sandbox (key vis_demo_growth; set VIS_API_KEY to another demo key to see that account; any other VIS_API_KEY is exit 3)',
    ],
    [
      'VIS_DEMO_DATE',
      'the demo’s day, YYYY-MM-DD (default today): with --demo (and in vis sandbox) the data is as of that day and the demo’s simulated history (90 days) ends on it, so a cron job can be rehearsed day by day; a bad value is exit 2',
    ],
    [
      'VIS_DEBUG=1',
      '--debug: log each request (method, URL, status, ms, retries) to stderr; the key shows as Bearer ***; a failure adds its useful headers and request id; a stack only for a bug (exit 1)',
    ],
    ['VIS_CACHE', 'off (or 0, false, no): no response cache, --no-cache for every command; on: the cache, whatever the profile’s `cache` says (default on)'],
    ['NO_COLOR', '--no-color: colour off, whatever the value'],
    ['FORCE_COLOR', 'colour on even when not at a terminal (0 or false: off)'],
    [
      'VIS_PAGER',
      'the pager for output taller than the terminal (only when stdout is one; never for -o): a command split into words like a shell, run without one; empty or cat: no pager; wins over PAGER',
    ],
    ['PAGER', 'the pager when VIS_PAGER is unset; neither set: less -FRX if on PATH, else none (LESS=FRX is set for the pager unless LESS is)'],
    [
      'VIS_FORCE_TTY',
      '--format table as on a terminal (heading, views, fitted columns) when stdout is a pipe or file: 1 or a word for the terminal’s width (else $COLUMNS, else 80), a number for that many columns (20-1000), N% for that share of the terminal’s width; 0, false, no or off: not forced. Never starts a pager; colour still follows NO_COLOR/FORCE_COLOR. A bad value is exit 2',
    ],
    [
      'VIS_CONFIG_DIR',
      'folder of config.json and the completion cache (default $XDG_CONFIG_HOME/vis, else ~/.config/vis); when set, the response cache is its sibling <VIS_CONFIG_DIR>-cache',
    ],
    ['XDG_CONFIG_HOME', 'base folder for the default config folder'],
    [
      'VIS_HISTORY',
      'where the history is kept: off, a file path, or a postgres:// URL (its password in PGPASSWORD or ~/.pgpass); wins over the profile’s `history`; default <VIS_CONFIG_DIR>-data/history.db, else $XDG_DATA_HOME/vis/history.db, else ~/.local/share/vis/history.db',
    ],
    ['XDG_DATA_HOME', 'base folder of the default history file (vis/history.db; default ~/.local/share)'],
    [
      'PG*',
      'for a PostgreSQL history, what its URL leaves out, read as libpq reads them: PGHOST, PGPORT, PGUSER, PGPASSWORD, PGPASSFILE, PGDATABASE, PGSSLMODE, PGSSLROOTCERT, PGCONNECT_TIMEOUT, PGAPPNAME, PGOPTIONS',
    ],
    [
      'VIS_NOTIFY_URL',
      'the webhook `vis changes --notify` posts to (Slack, Teams, or any that takes JSON); wins over `vis config set notify`; a secret: never printed, only its host',
    ],
    [
      'VIS_NOTIFY_FORMAT',
      'slack, teams or json: the webhook’s format when its host does not say it (hooks.slack.com: Slack; *.logic.azure.com, *.powerplatform.com: Teams)',
    ],
    [
      'CHROME_PATH',
      'the Chromium or Chrome `vis report --pdf` prints with (default: the first of chromium, chromium-browser, google-chrome, google-chrome-stable on PATH); one that is not an executable file is exit 2',
    ],
    [
      'VIS_RATE_LIMIT',
      'requests a minute vis allows itself per key, counting every vis process of the key on this machine (default 60, the API’s limit); lower it when other tools share the key',
    ],
    ['VIS_MAX_BODY_MB', 'the largest answer vis accepts, in MiB (default 256, at most 500); a larger one is abandoned as it arrives: exit 7, not retried'],
    [
      'XDG_CACHE_HOME',
      'base folder of the compiled-code cache that makes vis start faster, and of the pacing window every vis process of a key shares (default ~/.cache; vis uses its vis/code and vis/pace folders), and of the response cache, vis/cache, unless VIS_CONFIG_DIR is set',
    ],
    ['NODE_DISABLE_COMPILE_CACHE=1', 'no compiled-code cache: vis compiles its code on every run (Node’s own variable)'],
    ['HTTPS_PROXY', 'the proxy for an https base URL, as http://[user:password@]host[:port]; https_proxy wins over it; credentials are never printed'],
    ['HTTP_PROXY', 'the proxy for an http base URL (http_proxy wins); vis sends plain http only to loopback, which is never proxied'],
    ['ALL_PROXY', 'the proxy when the scheme’s own variable is unset (all_proxy wins); socks:// is not supported'],
    [
      'NO_PROXY',
      'hosts reached directly (no_proxy wins): comma-separated, .example.com or example.com for the domain and its subdomains, host:port, or * for all; loopback is never proxied',
    ],
  ],
};

export const OPTIONS_TOPIC: HelpTopic = {
  name: 'options',
  summary: 'the global options, and the options commands share, listed once',
  intro:
    'Global options (the first eight) go before or after the command words: `vis --demo topics` and `vis topics --demo` are the same. Every other option belongs to the commands that take it and goes after the command words: `vis topics -f json`, not `vis -f json topics`, which is refused with the line to type instead (exit 2). In an alias, VIS_FORMAT, VIS_BRAND and VIS_MARKET still apply. A command refuses an option it does not take (exit 2); its --help lists the ones it takes.',
  columns: ['Option', 'Meaning'],
  rows: [...GLOBAL_OPTIONS.map((g) => [g.flags, g.description] as const), ...COMMAND_OPTIONS.map((o) => [o.flags, `${o.description}; ${o.where}`] as const)],
};

export const HELP_TOPICS: readonly HelpTopic[] = [EXIT_CODES_TOPIC, ENVIRONMENT_TOPIC, OPTIONS_TOPIC];

export function helpTopic(name: string): HelpTopic | undefined {
  return HELP_TOPICS.find((t) => t.name === name);
}

/** Greedy word wrap; a word longer than the width stands on its own line. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const INDENT = '  ';
const GAP = '  ';
/** Below this many columns for the meaning, each meaning goes under its term instead. */
const MIN_TEXT_WIDTH = 30;

/** The topic as plain text fitted to `width` columns: the intro, then a two-column table. */
export function renderHelpTopic(topic: HelpTopic, width: number): string {
  const termWidth = Math.max(topic.columns[0].length, ...topic.rows.map(([term]) => term.length));
  const textWidth = width - INDENT.length - termWidth - GAP.length;
  const out: string[] = [...wrapText(topic.intro, width), ''];
  const rows: ReadonlyArray<readonly [string, string]> = [topic.columns, ...topic.rows];
  for (const [term, text] of rows) {
    if (textWidth >= MIN_TEXT_WIDTH) {
      const lines = wrapText(text, textWidth);
      out.push(`${INDENT}${term.padEnd(termWidth)}${GAP}${lines[0] ?? ''}`.trimEnd());
      for (const l of lines.slice(1)) out.push(`${INDENT}${' '.repeat(termWidth)}${GAP}${l}`);
    } else {
      out.push(`${INDENT}${term}`);
      for (const l of wrapText(text, Math.max(width - 2 * INDENT.length, 20))) out.push(`${INDENT}${INDENT}${l}`);
    }
  }
  return `${out.join('\n')}\n`;
}
