/**
 * What is generated from the endpoint table and checked in must be what the generators
 * produce now: the completion scripts, the command reference in docs/commands.md, and the
 * help topics' tables against docs/guide.md's. Every endpoint has help text and examples.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionFiles } from '../../scripts/completion-files.js';
import { SHELLS } from '../../src/completion/shells.js';
import { REFERENCE_FILE, spliceReference } from '../../src/docs/reference.js';
import { ENVIRONMENT_TOPIC, EXIT_CODES_TOPIC, renderHelpTopic, wrapText } from '../../src/docs/topics.js';
import { ENDPOINTS } from '../../src/endpoints.js';

const ROOT = resolve(__dirname, '../..');
const reference = readFileSync(join(ROOT, REFERENCE_FILE), 'utf8');
const guide = readFileSync(join(ROOT, 'docs/guide.md'), 'utf8');

/** The rows of the markdown table that follows `heading` in the guide. */
function guideTable(heading: string): string[][] {
  const start = guide.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/guide.md has no "${heading}" section`);
  const lines = guide.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

describe('checked-in completion scripts', () => {
  const files = completionFiles();

  it.each(SHELLS)('completions/ holds exactly what the generator writes for %s (npm run completions)', (shell) => {
    const file = files.find((f) => f.shell === shell)!;
    const onDisk = readFileSync(join(ROOT, file.path), 'utf8');
    expect(onDisk, `${file.path} differs from the generator: run \`npm run completions\``).toBe(file.text);
  });

  it('name every command, sub-command and alias of the table', () => {
    for (const file of files) {
      for (const spec of ENDPOINTS) {
        for (const word of [...spec.words, ...(spec.aliases ?? [])]) expect(file.text, `${file.path}: ${word}`).toContain(word);
      }
    }
  });
});

describe('docs/commands.md', () => {
  it('is the file the generator writes into', () => {
    expect(REFERENCE_FILE).toBe('docs/commands.md');
  });

  it('holds exactly the command reference the generator writes (npm run docs)', () => {
    expect(spliceReference(reference), `${REFERENCE_FILE} differs from the generator: run \`npm run docs\``).toBe(reference);
  });

  it('has the generated block, with a row and the examples of every endpoint', () => {
    for (const spec of ENDPOINTS) {
      expect(reference, spec.id).toContain(`| \`${spec.method} ${spec.path}\` |`);
      for (const example of spec.examples) expect(reference, example).toContain(`\n${example}\n`);
    }
  });
});

describe('docs/guide.md', () => {
  it('says how to install the completion of each shell', () => {
    const section = guide.slice(guide.indexOf('## Shell completion'));
    expect(section).toContain('~/.local/share/bash-completion/completions/vis');
    expect(section).toContain('fpath=(~/.zfunc $fpath)');
    expect(section).toContain('~/.config/fish/completions/vis.fish');
  });

  it('lists the same exit codes as `vis help exit-codes`', () => {
    const codes = guideTable('## Exit codes').map((r) => r[0]);
    expect(EXIT_CODES_TOPIC.rows.map(([code]) => code)).toEqual(codes);
  });

  it('names every environment variable `vis help environment` lists, and the other way round', () => {
    const fromTable = guideTable('## Global options').flatMap((r) => [...(r[1] ?? '').matchAll(/`([A-Z_]+)(?:=1)?`/g)].map((m) => m[1]!));
    expect(fromTable).toEqual(expect.arrayContaining(['VIS_API_KEY', 'VIS_DEMO', 'NO_COLOR', 'VIS_RATE_LIMIT']));
    const inTopic = ENVIRONMENT_TOPIC.rows.map(([name]) => name.replace(/=.*/, ''));
    expect(inTopic).toEqual(expect.arrayContaining(fromTable));
    for (const name of inTopic) expect(guide, name).toContain(name);
  });
});

describe('help text in the endpoint table', () => {
  it.each(ENDPOINTS.map((s) => [s.id, s] as const))('%s has a summary, a description and examples of itself', (_id, spec) => {
    expect(spec.summary.trim()).not.toBe('');
    expect(spec.description.trim()).not.toBe('');
    expect(spec.examples.length).toBeGreaterThan(0);
    const names = [spec.words.join(' '), ...(spec.aliases ?? []).map((a) => [a, ...spec.words.slice(1)].join(' '))];
    for (const example of spec.examples) {
      expect(
        names.some((n) => example === `vis ${n}` || example.startsWith(`vis ${n} `)),
        example,
      ).toBe(true);
    }
    if (spec.pathParam) {
      // An item endpoint shows its argument: `vis tasks 1042`, not only flags.
      const rest = spec.examples.map((e) => e.split(/\s+/).slice(1 + spec.words.length));
      expect(
        rest.some((words) => words[0] !== undefined && !words[0].startsWith('-')),
        `an example of vis ${spec.words.join(' ')} <${spec.pathParam.name}>`,
      ).toBe(true);
    }
  });
});

describe('help topics', () => {
  it('fit the width they are given, with the meaning under the term when it is narrow', () => {
    for (const width of [80, 60, 40]) {
      const text = renderHelpTopic(EXIT_CODES_TOPIC, width);
      for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(width);
    }
    expect(renderHelpTopic(ENVIRONMENT_TOPIC, 40)).toContain('\n  VIS_API_KEY\n    the API key');
  });

  it('wrap words without losing or splitting any', () => {
    const text = 'one two three four five six seven eight nine ten';
    const lines = wrapText(text, 9);
    expect(lines.join(' ')).toBe(text);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(9);
    expect(wrapText('supercalifragilistic word', 5)).toEqual(['supercalifragilistic', 'word']);
  });
});
