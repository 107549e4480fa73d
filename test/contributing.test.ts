/**
 * CONTRIBUTING.md names files a contributor opens (the steps of adding an endpoint, the
 * modules mutation testing guards, where the tests' helpers are): each must exist. A
 * path is read from inside backticks or a link and starts at a top folder of the
 * repository, or is a tool's config or a top document; `{a,b}` stands for each of its names, `*` for any, and a `<placeholder>`
 * ends what is checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOP = ['src/', 'test/', 'docs/', 'scripts/', 'completions/', 'bin/', '.ci/'];
/** A bare name is a file at the root only when it is a tool's config or a top document; `io.ts` alone is named within its folder's sentence. */
const ROOT_FILE = /^(?:[\w.-]+\.config\.(?:ts|mjs)|[A-Z]+\.md)$/;

/** `a/{b,c}.ts` as `a/b.ts` and `a/c.ts`, each brace in turn. */
function expandBraces(path: string): string[] {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!.split(',').flatMap((name) => expandBraces(path.slice(0, m.index) + name + path.slice(m.index + m[0].length)));
}

/** The paths a text names: in backticks or a Markdown link, from a top folder or a file at the root. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g), ...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
  const words = spans.flatMap((s) => s.split(/[\s()]+/)).map((w) => w.replace(/[.,;:]+$/, ''));
  return words.filter((w) => TOP.some((t) => w.startsWith(t)) || ROOT_FILE.test(w)).flatMap(expandBraces);
}

/** Does the path exist: `*` matches any part of a name; the path ends before a `<placeholder>`. */
function exists(path: string): boolean {
  const parts = path.split('/');
  const end = parts.findIndex((p) => p.includes('<'));
  const kept = end < 0 ? parts : parts.slice(0, end);
  let found = [ROOT];
  for (const part of kept.filter((p) => p !== '')) {
    const name = new RegExp(`^${part.replace(/[.+?^$()[\]\\|]/g, '\\$&').replace(/\*/g, '.*')}$`);
    found = found.flatMap((dir) =>
      (part.includes('*') ? (existsSync(dir) ? readdirSync(dir) : []).filter((n) => name.test(n)) : [part]).map((n) => join(dir, n)),
    );
    found = found.filter((p) => existsSync(p));
  }
  return found.length > 0;
}

describe('CONTRIBUTING.md', () => {
  const paths = namedPaths(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8'));

  it('names files, each of which exists', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('reads paths as it means them', () => {
    expect(expandBraces('src/http/{url,redact}.ts')).toEqual(['src/http/url.ts', 'src/http/redact.ts']);
    expect(expandBraces('src/{a,b}/{c,d}.ts')).toEqual(['src/a/c.ts', 'src/a/d.ts', 'src/b/c.ts', 'src/b/d.ts']);
    expect(namedPaths('see `src/cli/{force-tty,pager}.ts`, [the guide](docs/guide.md#performance) and `npm run docs`.')).toEqual([
      'src/cli/force-tty.ts',
      'src/cli/pager.ts',
      'docs/guide.md',
    ]);
    expect(exists('src/cli/force-tty.ts')).toBe(false);
    expect(exists('test/history/pg-*.test.ts')).toBe(true);
    expect(exists('src/cli/commands/<noun>/')).toBe(true);
  });
});
