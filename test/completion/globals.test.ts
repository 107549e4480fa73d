/** Completion offers a command the global flags its help lists, and no others (src/completion/model.ts). */
import { describe, expect, it } from 'vitest';
import { inertProgram } from '../../scripts/completion-files.js';
import { allCommands, buildCompletionModel } from '../../src/completion/model.js';
import { runInProcess } from '../support/run.js';

const model = buildCompletionModel(inertProgram());

/** The long flags under "Global Options:" in a help text. */
function helpGlobals(text: string): string[] {
  const section = text.split(/\nGlobal Options:\n/)[1]?.split(/\n\n/)[0] ?? '';
  return [...section.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);
}

describe('global flags per command', () => {
  it.each(allCommands(model).filter((c) => c.path.length > 0).map((c) => [c.path.join(' '), c] as const))('vis %s: the same as its help', async (_, c) => {
    const r = await runInProcess([...c.path, '--help']);
    expect(r.code).toBe(0);
    expect([...c.globals].sort()).toEqual(helpGlobals(r.stdout).sort());
  });

  it('data flags only where they apply: no --days on tasks, nothing on sandbox, every global at the root', () => {
    const at = (path: string) => allCommands(model).find((c) => c.path.join(' ') === path)!;
    expect(at('tasks').globals).toContain('--brand');
    expect(at('tasks').globals).not.toContain('--days');
    expect(at('sandbox').globals).toEqual([]);
    expect(at('config set').globals).toEqual(['--profile']);
    expect(at('').globals).toEqual(model.globalFlags.map((f) => f.long));
  });
});
