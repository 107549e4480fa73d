/**
 * `vis completion <shell>`: the script for one shell, generated from the commander program
 * (which is built from the endpoint table). Loaded only when that command runs.
 */
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { buildCompletionModel } from './model.js';
import type { Shell } from './shells.js';
import { zshScript } from './zsh.js';

const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function completionScript(shell: Shell, program: Command): string {
  return GENERATORS[shell](buildCompletionModel(program));
}
