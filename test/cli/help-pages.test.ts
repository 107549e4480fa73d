/**
 * `vis [command...] --help` is answered before the bundle loads, from the pages the build
 * writes (scripts/help-pages.ts, src/boot/help.ts): every page, at every width, must be
 * byte for byte what the program prints for the same command line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { helpFileName, helpFiles } from '../../scripts/help-pages.js';
import { helpText, helpWords } from '../../src/boot/help.js';
import { runInProcess } from '../support/run.js';

const files = helpFiles();
const dir = mkdtempSync(join(tmpdir(), 'vis-help-pages-'));
for (const [name, file] of files) writeFileSync(join(dir, name), JSON.stringify(file));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command words of each page, from its file name. */
const pages = [...files.keys()].map((name) =>
  name
    .replace(/\.json$/, '')
    .split('.')
    .slice(1),
);

describe('the help pages the build writes', () => {
  it('cover the root, every command and sub-command, and their aliases', () => {
    const names = pages.map((w) => w.join(' '));
    for (const path of ['', 'topics', 'answers runs', 'perception', 'brand-perception', 'auth login', 'config set', 'help', 'completion', '__complete']) {
      expect(names).toContain(path);
    }
    expect(helpFileName(['answers', 'runs'])).toBe('vis.answers.runs.json');
  });

  it.each(pages.map((w) => [w.join(' ')]))('vis %s --help: the page is what the program prints, at every width', async (path) => {
    const words = path === '' ? [] : path.split(' ');
    for (const columns of [10, 40, 50, 80, 133, 200]) {
      const r = await runInProcess([...words, '--help'], { io: { columns } });
      expect(r.code).toBe(0);
      expect(helpText(dir, words, columns), `${columns} columns`).toBe(r.stdout);
    }
  });

  it('answer only command words then a last --help or -h', () => {
    expect(helpWords(['--help'])).toEqual([]);
    expect(helpWords(['answers', 'runs', '-h'])).toEqual(['answers', 'runs']);
    for (const argv of [
      [],
      ['topics'],
      ['--help', 'topics'],
      ['--demo', 'topics', '--help'],
      ['topics', '--format', 'json', '--help'],
      ['../x', '--help'],
      ['a.b', '--help'],
    ]) {
      expect(helpWords(argv), argv.join(' ')).toBeUndefined();
    }
    expect(helpText(dir, ['nope'], 80)).toBeUndefined();
  });
});
