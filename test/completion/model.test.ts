/**
 * The completion model read from the commander program: every command, sub-command and
 * flag of the endpoint table is there, with the values the scripts offer.
 */
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/flags/rules.js';
import { PROFILE_SETTINGS } from '../../src/config/store.js';
import { inertProgram } from '../../scripts/completion-files.js';
import { allCommands, buildCompletionModel, spellings, type CommandModel, type CompletionModel, type FlagModel } from '../../src/completion/model.js';
import { SHELLS } from '../../src/completion/shells.js';
import { HELP_TOPICS } from '../../src/docs/topics.js';
import { ENDPOINTS } from '../../src/endpoints.js';

const model = buildCompletionModel(inertProgram());

function command(m: CompletionModel, path: string): CommandModel {
  const found = allCommands(m).find((c) => c.path.join(' ') === path);
  if (!found) throw new Error(`no command "${path}" in the completion model`);
  return found;
}

function flag(c: CommandModel | readonly FlagModel[], long: string): FlagModel {
  const flags = Array.isArray(c) ? c : (c as CommandModel).flags;
  const found = flags.find((f) => f.long === long);
  if (!found) throw new Error(`no flag ${long}`);
  return found;
}

describe('the completion model', () => {
  it('has every command of the endpoint table, with its sub-commands and aliases', () => {
    for (const spec of ENDPOINTS) {
      const c = command(model, spec.words.join(' '));
      for (const alias of spec.aliases ?? []) expect(c.aliases).toContain(alias);
    }
    expect(command(model, 'brand-perception').aliases).toEqual(['perception']);
    expect(command(model, 'answers').commands.map((c) => c.path.at(-1))).toEqual(['runs', 'history']);
  });

  it('has the tool commands and not the hidden one', () => {
    const top = model.root.commands.map((c) => c.path[0]);
    expect(top).toEqual(expect.arrayContaining(['auth', 'config', 'api', 'openapi', 'sandbox', 'completion', 'help']));
    expect(top).not.toContain('__complete');
    expect(command(model, 'config').commands.map((c) => c.path.at(-1))).toEqual(['get', 'set', 'unset', 'list', 'path']);
  });

  it('has every query and body flag of the table on its command', () => {
    for (const spec of ENDPOINTS) {
      const c = command(model, spec.words.join(' '));
      for (const p of [...spec.query, ...(spec.body ?? [])]) {
        if (p.name === 'url') continue; // the positional
        expect(flag(c, `--${p.flag}`).value, `--${p.flag} of vis ${spec.words.join(' ')}`).toBeDefined();
      }
    }
    expect(spellings(flag(command(model, 'pitches create'), '--yes'))).toEqual(['-y', '--yes']);
  });

  it('offers the values of --format, --group-by, the shells and the config keys', () => {
    expect(flag(command(model, 'topics'), '--format').value).toEqual({ kind: 'words', words: [...FORMATS] });
    expect(flag(command(model, 'search-performance'), '--group-by').value).toEqual({ kind: 'words', words: ['query', 'page'] });
    expect(command(model, 'completion').args[0]!.values).toEqual({ kind: 'words', words: [...SHELLS] });
    for (const verb of ['get', 'set', 'unset']) {
      expect(command(model, `config ${verb}`).args[0]!.values).toEqual({ kind: 'words', words: ['profile', ...PROFILE_SETTINGS] });
    }
    expect(command(model, 'config set').args[1]!.values).toEqual({
      kind: 'keyed',
      cases: [
        { previous: 'format', values: { kind: 'words', words: [...FORMATS] } },
        { previous: 'profile', values: { kind: 'dynamic', source: 'profiles' } },
      ],
    });
  });

  it('offers the list’s columns for --sort, every row shape’s, the reference’s states and actions, and engines from the cache', () => {
    expect(flag(command(model, 'topics'), '--sort').value).toEqual({
      kind: 'words',
      words: ['id', 'name', 'visibility', 'change', 'rank', 'share_of_voice', 'rivals', 'questions'],
    });
    const search = flag(command(model, 'search-performance'), '--sort').value;
    expect(search).toMatchObject({ kind: 'words', words: expect.arrayContaining(['query', 'page', 'clicks']) });
    expect(flag(command(model, 'prompts'), '--sort').value).toMatchObject({ words: expect.arrayContaining(['engines.chatgpt.rate']) });
    expect(flag(command(model, 'prompts'), '--engine').value).toEqual({ kind: 'dynamic', source: 'engines' });
    expect(flag(command(model, 'answers'), '--state').value).toEqual({ kind: 'words', words: ['open', 'absent', 'mentioned', 'recommended', 'no_answer'] });
    expect(flag(command(model, 'content-gaps'), '--action').value).toEqual({ kind: 'words', words: ['write', 'improve', 'leave'] });
  });

  it('asks vis for brand and profile names, and the shell for file names', () => {
    expect(flag(command(model, 'topics'), '--brand').value).toEqual({ kind: 'dynamic', source: 'brands' });
    expect(flag(model.globalFlags, '--profile').value).toEqual({ kind: 'dynamic', source: 'profiles' });
    expect(flag(command(model, 'topics'), '--output').value).toEqual({ kind: 'files' });
    expect(flag(command(model, 'topics'), '--market').value).toEqual({ kind: 'none' });
  });

  it('offers folder names for a --dir flag', () => {
    const program = new Command('vis').addOption(new Option('--dir <dir>', 'folder to write into'));
    expect(flag(buildCompletionModel(program).globalFlags, '--dir').value).toEqual({ kind: 'directories' });
  });

  it('tells switches from flags that take a value, and marks repeatable flags', () => {
    expect(flag(command(model, 'topics'), '--wide').value).toBeUndefined();
    expect(flag(model.globalFlags, '--no-color').value).toBeUndefined();
    expect(flag(command(model, 'topics'), '--param').repeatable).toBe(true);
    expect(flag(command(model, 'topics'), '--days').repeatable).toBe(false);
    expect(flag(command(model, 'topics'), '--days').placeholder).toBe('n');
  });

  it('offers the commands and topics after `vis help`, and API paths after `vis api`', () => {
    const help = command(model, 'help').args[0]!.values;
    expect(help.kind).toBe('words');
    const words = help.kind === 'words' ? help.words : [];
    expect(words).toEqual(expect.arrayContaining(['topics', 'answers', 'config', ...HELP_TOPICS.map((t) => t.name)]));
    const api = command(model, 'api').args[0]!.values;
    expect(api.kind === 'words' ? api.words : []).toEqual(expect.arrayContaining(['/topics', '/brands', '/openapi.json']));
    expect(api.kind === 'words' ? api.words.some((w) => w.includes('{')) : true).toBe(false);
  });

  it('gives every command a one-line summary', () => {
    for (const c of allCommands(model).slice(1)) {
      expect(c.summary, c.path.join(' ')).toMatch(/^\S.*\S$/);
      expect(c.summary).not.toContain('\n');
    }
  });

  it('refuses names the scripts could not carry unquoted', () => {
    const bad = new Command('vis');
    bad.command('rm;x').description('x');
    expect(() => buildCompletionModel(bad)).toThrow(/cannot carry/);
    const badValue = new Command('vis');
    badValue.addOption(new Option('--mode <m>', 'mode').choices(['a;b']));
    expect(() => buildCompletionModel(badValue)).toThrow(/value "a;b"/);
  });
});
