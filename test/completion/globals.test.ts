/**
 * Completion offers a command the options its help lists: its own (with the shared ones
 * declared on it) as its flags, the root's true globals as its globals; before the
 * command word, only the true globals (src/completion/model.ts).
 */
import { describe, expect, it } from 'vitest';
import { inertProgram } from '../../scripts/completion-files.js';
import { allCommands, buildCompletionModel } from '../../src/completion/model.js';
import { runInProcess } from '../support/run.js';
import { GLOBAL_OPTIONS } from '../../src/flags/globals.js';

const GLOBAL_LONGS = GLOBAL_OPTIONS.map((g) => g.flags.replace(/^-\w, /, '').replace(/ <.*$/, ''));

const model = buildCompletionModel(inertProgram());

/** The long flags under "Global options:" in a help text. */
function helpGlobals(text: string): string[] {
  const section = text.split(/\nGlobal options:\n/)[1]?.split(/\n\n/)[0] ?? '';
  return [...section.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);
}

describe('global flags per command', () => {
  it.each(
    allCommands(model)
      .filter((c) => c.path.length > 0)
      .map((c) => [c.path.join(' '), c] as const),
  )('vis %s: the same as its help', async (_, c) => {
    const r = await runInProcess([...c.path, '--help']);
    expect(r.code).toBe(0);
    expect([...c.globals].sort()).toEqual(helpGlobals(r.stdout).sort());
  });

  it('data flags only where they apply: no --days on tasks, none on sandbox, only the true globals at the root', () => {
    const at = (path: string) => allCommands(model).find((c) => c.path.join(' ') === path)!;
    const own = (path: string) => at(path).flags.map((f) => f.long);
    expect(own('tasks')).toContain('--brand');
    expect(own('tasks')).not.toContain('--days');
    expect(own('sandbox')).not.toContain('--brand');
    expect(own('config set')).not.toContain('--format');
    expect(at('sandbox').globals).toEqual(GLOBAL_LONGS);
    expect(at('').globals).toEqual(model.globalFlags.map((f) => f.long));
    // Before the command word, only what may come there.
    expect(model.globalFlags.map((f) => f.long)).toEqual(['--version', ...GLOBAL_LONGS]);
  });
});
