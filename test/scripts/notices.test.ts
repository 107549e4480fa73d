/**
 * scripts/notices.mjs: THIRD_PARTY_NOTICES.md from esbuild's metafiles. Every
 * package with a file in the bundle is listed with its licence text, transitive and
 * nested ones included; a bundled package without a licence file stops the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledPackageDirs, thirdPartyNotices } from '../../scripts/notices.mjs';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

function fakePackage(dir: string, manifest: object, files: Record<string, string>): void {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, dir, name), text);
}

const meta = (...inputs: string[]) => ({ inputs: Object.fromEntries(inputs.map((i) => [i, {}])) });

describe('third-party notices', () => {
  it('finds each bundled package once: scoped, nested, across metafiles; not vis’s own files or plugin namespaces', () => {
    const dirs = bundledPackageDirs([
      meta('src/main.ts', 'node_modules/chalk/source/index.js', 'node_modules/chalk/source/vendor/x.js', 'default-export:ora', 'lazy-assert:node:assert'),
      meta('node_modules/@scope/lib/dist/a.js', 'node_modules/ora/node_modules/string-width/index.js', 'node_modules\\undici\\index.js'),
    ]);
    expect(dirs.sort()).toEqual(['node_modules/@scope/lib', 'node_modules/chalk', 'node_modules/ora/node_modules/string-width', 'node_modules/undici']);
  });

  it('lists every package with its version and licence, then each licence text in a fence it cannot close', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage('node_modules/zeta', { name: 'zeta', version: '2.0.0', license: 'MIT' }, { license: 'MIT licence of zeta\r\n' });
    fakePackage(
      'node_modules/@a/alpha',
      { name: '@a/alpha', version: '1.0.0', license: { type: 'ISC' } },
      { 'LICENSE.txt': 'ISC text with ```` inside', NOTICE: 'a notice' },
    );
    const text = thirdPartyNotices(root, [meta('node_modules/zeta/i.js', 'node_modules/@a/alpha/i.js')]);
    expect(text).toContain('- @a/alpha 1.0.0 (ISC)\n- zeta 2.0.0 (MIT)\n');
    expect(text).toContain('## @a/alpha 1.0.0\n\nLicence: ISC\n\n`````text\nISC text with ```` inside\n`````\n\n```text\na notice\n```');
    expect(text).toContain('## zeta 2.0.0\n\nLicence: MIT\n\n```text\nMIT licence of zeta\n```\n');
    expect(text.indexOf('## @a/alpha')).toBeLessThan(text.indexOf('## zeta'));
  });

  it('stops the build when a bundled package has no licence file', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage('node_modules/bare', { name: 'bare', version: '1.0.0', license: 'MIT' }, { 'README.md': 'no licence here' });
    expect(() => thirdPartyNotices(root, [meta('node_modules/bare/index.js')])).toThrow('node_modules/bare is bundled into dist/ but has no licence file');
  });
});
