// The third-party notices shipped with vis. The package has no runtime
// dependencies: the libraries vis is built on are bundled into dist/ by scripts/build.mjs,
// so their licences travel with the bundle instead of with a node_modules folder. The
// list comes from esbuild's metafiles (every input file under node_modules/ belongs to
// a package that is bundled, transitive ones included), so it follows the bundle: a
// package added or dropped changes the notices on the next build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/**
 * The package folders (relative to the build's working directory) that the metafiles'
 * inputs come from: for `node_modules/a/node_modules/@s/b/x.js`, `node_modules/a/node_modules/@s/b`.
 */
export function bundledPackageDirs(metafiles) {
  const dirs = new Set();
  for (const meta of metafiles) {
    for (const input of Object.keys(meta.inputs)) {
      const path = input.replaceAll('\\', '/');
      const at = path.lastIndexOf('node_modules/');
      if (at < 0 || path.includes(':')) continue; // vis's own source, or a plugin's namespace
      const parts = path.slice(at + 'node_modules/'.length).split('/');
      const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
      dirs.add(`${path.slice(0, at)}node_modules/${name}`);
    }
  }
  return [...dirs];
}

/** `owner/name` of a package's repository field (`vega/vega`, `git+https://github.com/vega/vega.git`), or null. */
function repositoryOf(pkg) {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (typeof url !== 'string') return null;
  const m = /^(?:github:)?([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url) ?? /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url);
  return m ? m[1] : null;
}

/** One bundled package: its name, version, licence, repository and licence texts (none when it ships no licence file). */
function readPackage(root, dir) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const files = readdirSync(join(root, dir))
    .filter((f) => LICENCE_FILE.test(f))
    .sort();
  const licence = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see the text below');
  const texts = files.map((f) =>
    readFileSync(join(root, dir, f), 'utf8')
      .replaceAll('\r\n', '\n')
      .trim(),
  );
  if (texts.length === 0) texts.push(...readmeLicence(join(root, dir)));
  return { dir, name: pkg.name, version: pkg.version, licence, repository: repositoryOf(pkg), texts, textFrom: null };
}

/**
 * The licence a package states only in its README, under a "License" heading (pg-types and
 * pgpass, which pg bundles, ship no licence file): the section's text, up to the next
 * heading of the same or a higher level.
 */
function readmeLicence(dir) {
  const readme = readdirSync(dir).find((f) => /^readme(\.md)?$/i.test(f));
  if (!readme) return [];
  const lines = readFileSync(join(dir, readme), 'utf8').replaceAll('\r\n', '\n').split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s+licen[cs]e\s*$/i.test(l));
  if (start < 0) return [];
  const level = /^#+/.exec(lines[start])[0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && /^#+/.exec(l)[0].length <= level);
  const text = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return text === '' ? [] : [text];
}

/**
 * A package with no licence file of its own takes the text of another bundled package from
 * the same repository under the same licence: the packages of a monorepo (Vega's vega-util,
 * vega-scale… beside vega-view, which ships the repository's LICENSE) publish one text for
 * all. Without such a sibling the build stops: a bundled package must ship its licence.
 */
function borrowLicenceTexts(packages) {
  for (const p of packages) {
    if (p.texts.length > 0) continue;
    const sibling = p.repository && packages.find((o) => o.texts.length > 0 && o.textFrom === null && o.repository === p.repository && o.licence === p.licence);
    if (!sibling) {
      throw new Error(`${p.dir} is bundled into dist/ but has no licence file to ship in THIRD_PARTY_NOTICES.md (scripts/notices.mjs)`);
    }
    p.texts = sibling.texts;
    p.textFrom = sibling;
  }
}

/** A fence longer than any run of backticks in the text, so no licence text can close it. */
function fence(text) {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** THIRD_PARTY_NOTICES.md for the packages the metafiles bundle, sorted by name then version. */
export function thirdPartyNotices(root, metafiles) {
  const packages = bundledPackageDirs(metafiles)
    .map((dir) => readPackage(root, dir))
    .sort((a, b) => (a.name === b.name ? a.version.localeCompare(b.version) : a.name < b.name ? -1 : 1));
  borrowLicenceTexts(packages);
  const out = [
    '# Third-party notices',
    '',
    'vis is distributed as a bundle (`dist/`) that contains code from the packages below,',
    "so it installs no dependencies. Each package's licence follows.",
    '',
    ...packages.map((p) => `- ${p.name} ${p.version} (${p.licence})`),
  ];
  for (const p of packages) {
    out.push('', `## ${p.name} ${p.version}`, '', `Licence: ${p.licence}`);
    if (p.textFrom) out.push('', `${p.name} ships no licence file; the text below is the one its repository (${p.repository}) ships with ${p.textFrom.name}.`);
    for (const text of p.texts) {
      const f = fence(text);
      out.push('', `${f}text`, text, f);
    }
  }
  return `${out.join('\n')}\n`;
}
