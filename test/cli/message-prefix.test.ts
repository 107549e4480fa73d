/**
 * Every error is printed as `vis: <message>`: the message itself never starts with vis's
 * name again (`vis: vis export needs …`). Two checks: the error texts in src/ whose
 * first words are literal, and the refusals of command lines that name their command.
 * (runInProcess also refuses any stderr line that starts `vis: vis `.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/run.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** An error made with a text that starts with `vis ` (a literal, or a template starting so). */
const ERROR_NAMING_VIS = /new \w*Error\(\s*[`'"]vis /g;

describe('one vis: prefix', () => {
  it('no error in src/ is made with a text that starts with "vis "', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(ERROR_NAMING_VIS)) found.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
    }
    expect(found).toEqual([]);
  });

  it.each([
    { argv: ['config', 'set', 'market'] },
    { argv: ['completion'] },
    { argv: ['usage', 'extra'] },
    { argv: ['export'] },
    { argv: ['export', '--dir', 'out', '--format', 'table'] },
    { argv: ['openapi', '--format', 'csv'] },
    { argv: ['history', 'check', '--demo'] },
    { argv: ['history', 'prune', '--before', '30d', '--demo'] },
    { argv: ['auth', 'login'], env: { VIS_BASE_URL: undefined } },
    { argv: ['answers', 'runs'] },
    { argv: ['topics', '..'] },
    { argv: ['search-performance', '--from', '2026-11-01'] },
  ])('vis $argv: exit 2, one prefix', async ({ argv, env }) => {
    const r = await runInProcess(argv, env === undefined ? {} : { env, io: { stdin: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^vis: /);
    expect(r.stderr).not.toMatch(/^vis: vis /m);
    expect(r.requests).toEqual([]);
  });
});
