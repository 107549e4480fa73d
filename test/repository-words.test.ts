/**
 * The repository speaks of the product only: a comment, a test title, a doc or a script
 * says the rule itself, or names a file that ships with it (docs/guide.md by section,
 * docs/security.md, src/endpoints.ts, the API reference by its own name). A pointer to a
 * tracker entry, a work period or a document the reader does not have explains nothing
 * once the reader is someone else; git keeps the history.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const SCANNED = ['src', 'test', 'scripts', 'docs', '.ci', 'README.md', 'CONTRIBUTING.md'];

const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+/i },
  { what: 'a work session', pattern: /\bsessions?\s+\d+|\bthis session\b/i },
  { what: 'a document outside the repository', pattern: /CLI-CONTRACT|\bcontract(?:'s|’s)?\s+sections?\b/i },
];

function filesUnder(path: string): string[] {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return [path];
    throw err;
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(path, e.name)) : e.isFile() ? [join(path, e.name)] : []));
}

/** Every line of the scanned files that cites something outside the product, as file:line. */
function citations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('\0')) continue;
    text.split('\n').forEach((line, i) => {
      for (const { what, pattern } of FORBIDDEN) {
        if (pattern.test(line)) found.push(`${relative(ROOT, file).split(sep).join('/')}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('the repository speaks of the product only', () => {
  it('the patterns find what they are meant to find, and leave other words alone', () => {
    // Spelled with a placeholder, so this file itself holds no citation for other checks to find.
    const cites = [
      '(issue #)',
      'Issue #5: pacing',
      'issues #2 and 14',
      'in session #',
      'this session’s bench',
      `CLI-CONTRACT ${'section'} #`,
      `contract ${'section'} #`,
      `Contract ${'sections'} #2 and 3`,
      'the contract’s section #',
    ].map((s) => s.replace('#', '1'));
    const plain = ['scan.issues.map((issue) => x)', '12 issues', 'the session’s client', 'the declaration contract the root program registers', 'sessions = 0'];
    const hit = (s: string) => FORBIDDEN.some(({ pattern }) => pattern.test(s));
    expect(cites.filter((s) => !hit(s))).toEqual([]);
    expect(plain.filter(hit)).toEqual([]);
  });

  it('no comment, title, doc or script cites an issue, a session or an outside document', () => {
    const files = SCANNED.flatMap((p) => filesUnder(join(ROOT, p))).filter((f) => f !== SELF);
    expect(files.length).toBeGreaterThan(100);
    expect(citations(files)).toEqual([]);
  });
});
