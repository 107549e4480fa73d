/**
 * `vis help environment` lists every variable vis reads: the names the source reads
 * (`env.NAME`, `env['NAME']`, and the names handed to the helpers that read one, as
 * 'NAME' literals of the families vis reads) against the topic's rows. The shell's own
 * (HOME, PATH, TERM, TZ, COLUMNS) and the sandbox's test switch are the only ones left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_TOPIC } from '../../src/docs/topics.js';

const SRC = join(__dirname, '../../src');

/** Read by vis, yet not a setting of its users: the shell's, and a switch only the tests turn. */
const ASIDE = new Set(['HOME', 'PATH', 'TERM', 'TZ', 'COLUMNS', 'VIS_SANDBOX_OPTIONS']);

/** Variables read through a table or a helper are named as literals: these families. */
const FAMILIES =
  /^(VIS_[A-Z0-9_]+|PG[A-Z_]+|XDG_[A-Z_]+|CHROME_PATH|NODE_DISABLE_COMPILE_CACHE|NO_COLOR|FORCE_COLOR|PAGER|(?:HTTPS?|ALL|NO)_PROXY|(?:https?|all|no)_proxy)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function readBySource(): Set<string> {
  const names = new Set<string>();
  // The help topics themselves, and the sandbox's data, name variables without reading them.
  for (const file of files(SRC).filter((f) => !f.includes(`${join('src', 'docs')}`) && !f.includes(join('sandbox', 'data')))) {
    // Comments name variables too ("VIS_HISTORY wins"): only code counts.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[['"]([A-Z][A-Za-z0-9_]*)['"]\]/g)) names.add((m[1] ?? m[2])!);
    for (const m of code.matchAll(/(?<![\w`])['"]([A-Za-z][A-Za-z0-9_]*)['"]/g)) if (FAMILIES.test(m[1]!)) names.add(m[1]!);
    // The scheme's own proxy variable is named from the base URL's scheme: `${scheme}_proxy`.
    if (code.includes('`${scheme}_proxy`')) for (const s of ['https', 'http']) names.add(`${s}_proxy`);
    if (code.includes('`${scheme.toUpperCase()}_PROXY`')) for (const s of ['HTTPS', 'HTTP']) names.add(`${s}_PROXY`);
  }
  return names;
}

/** The topic's names: a row may show a value (`VIS_DEMO=1`), or name a family (`PG*`) whose members its meaning lists. */
function listed(): Set<string> {
  return new Set(
    ENVIRONMENT_TOPIC.rows.flatMap(([name, meaning]) => {
      if (!name.endsWith('*')) return [name.replace(/=.*$/, '')];
      const prefix = name.slice(0, -1);
      return [...(meaning ?? '').matchAll(/\b[A-Z][A-Z0-9_]+\b/g)].map((m) => m[0]).filter((n) => n.startsWith(prefix));
    }),
  );
}

describe('vis help environment', () => {
  it('lists every variable the source reads, and none it does not', () => {
    const read = [...readBySource()].filter((n) => !ASIDE.has(n));
    const shown = listed();
    // A proxy variable is listed in its upper-case spelling; the lower-case one wins (as in curl).
    const missing = read.filter((n) => !shown.has(n) && !shown.has(n.toUpperCase())).sort();
    expect(missing).toEqual([]);
    const unread = [...shown].filter((n) => !read.includes(n)).sort();
    expect(unread).toEqual([]);
  });

  it('the scan finds what it must: the variables read through helpers and tables', () => {
    const read = readBySource();
    for (const name of [
      'VIS_BASE_URL',
      'VIS_RATE_LIMIT',
      'VIS_PAGER',
      'PAGER',
      'VIS_HISTORY',
      'CHROME_PATH',
      'XDG_DATA_HOME',
      'VIS_NOTIFY_URL',
      'PGPASSWORD',
      'https_proxy',
    ]) {
      expect([name, read.has(name)]).toEqual([name, true]);
    }
  });
});
