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

  it('gives a package without a licence file the text its repository ships with a sibling under the same licence, and says so', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage(
      'node_modules/vega-view',
      { name: 'vega-view', version: '5.0.0', license: 'BSD-3-Clause', repository: 'vega/vega' },
      { LICENSE: 'BSD text of Vega' },
    );
    fakePackage('node_modules/vega-util', { name: 'vega-util', version: '1.0.0', license: 'BSD-3-Clause', repository: 'vega/vega' }, {});
    fakePackage(
      'node_modules/vega-scale',
      { name: 'vega-scale', version: '7.0.0', license: 'BSD-3-Clause', repository: { type: 'git', url: 'git+https://github.com/vega/vega.git' } },
      {},
    );
    const text = thirdPartyNotices(root, [meta('node_modules/vega-util/i.js', 'node_modules/vega-view/i.js', 'node_modules/vega-scale/i.js')]);
    expect(text).toContain(
      '## vega-util 1.0.0\n\nLicence: BSD-3-Clause\n\nvega-util ships no licence file; the text below is the one its repository (vega/vega) ships with vega-view.\n\n```text\nBSD text of Vega\n```\n',
    );
    expect(text).toContain('the one its repository (vega/vega) ships with vega-view.\n\n```text\nBSD text of Vega\n```\n\n## vega-util');
    expect(text).toContain('## vega-view 5.0.0\n\nLicence: BSD-3-Clause\n\n```text\nBSD text of Vega\n```');
  });

  it('borrows no text from another repository or another licence', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage('node_modules/vega-lite', { name: 'vega-lite', version: '5.0.0', license: 'BSD-3-Clause', repository: 'vega/vega-lite' }, { LICENSE: 'text' });
    fakePackage('node_modules/other', { name: 'other', version: '1.0.0', license: 'MIT', repository: 'vega/vega' }, { LICENSE: 'MIT text' });
    fakePackage('node_modules/vega-util', { name: 'vega-util', version: '1.0.0', license: 'BSD-3-Clause', repository: 'vega/vega' }, {});
    const metas = [meta('node_modules/vega-lite/i.js', 'node_modules/other/i.js', 'node_modules/vega-util/i.js')];
    expect(() => thirdPartyNotices(root, metas)).toThrow('node_modules/vega-util is bundled into dist/ but has no licence file');
    fakePackage('node_modules/bare', { name: 'bare', version: '1.0.0', license: 'MIT' }, {});
    expect(() => thirdPartyNotices(root, [meta('node_modules/bare/i.js', 'node_modules/other/i.js')])).toThrow(
      'node_modules/bare is bundled into dist/ but has no licence file',
    );
  });

  it('takes the licence a package states only under its README’s License heading, up to the next heading', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage(
      'node_modules/readme-only',
      { name: 'readme-only', version: '2.0.0', license: 'MIT' },
      {
        'README.md':
          '# readme-only\n\n## Use\n\ncall it\n\n## license\n\nThe MIT License (MIT)\n\nCopyright (c) someone\n\n### More\n\nstill the licence\n\n## Thanks\n\nnot the licence\n',
      },
    );
    const out = thirdPartyNotices(root, [meta('node_modules/readme-only/index.js')]);
    expect(out).toContain('```text\nThe MIT License (MIT)\n\nCopyright (c) someone\n\n### More\n\nstill the licence\n```');
    expect(out).not.toContain('not the licence');
    expect(out).not.toContain('call it');
  });

  it('stops the build when a bundled package has no licence file', () => {
    root = mkdtempSync(join(tmpdir(), 'vis-notices-'));
    fakePackage('node_modules/bare', { name: 'bare', version: '1.0.0', license: 'MIT' }, { 'README.md': 'no licence here' });
    expect(() => thirdPartyNotices(root, [meta('node_modules/bare/index.js')])).toThrow('node_modules/bare is bundled into dist/ but has no licence file');
  });
});
