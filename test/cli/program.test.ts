/**
 * The root's list of commands, made from COMMAND_LIST without building any command, is
 * the list the whole program gives: the same names, aliases, hidden commands, and the
 * same `vis --help` at every width. A command added without its entry (or an entry left
 * behind by a changed summary, argument or option) fails here.
 */
import { Help, type Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, COMMAND_LIST } from '../../src/cli/program.js';
import { testContext } from '../support/context.js';

const listed = (program: Command) => {
  const visible = new Set(new Help().visibleCommands(program));
  return program.commands.map((c) => ({ name: c.name(), aliases: c.aliases(), hidden: !visible.has(c) }));
};

describe('COMMAND_LIST: the root help without building the commands', () => {
  it('lists every command of the program, in its order, with its aliases and whether it is hidden', () => {
    expect(listed(buildProgram(testContext(), []))).toEqual(listed(buildProgram(testContext())));
    expect(COMMAND_LIST.map((l) => l.name)).toEqual(buildProgram(testContext()).commands.map((c) => c.name()));
  });

  it('builds no command: no options, arguments or sub-commands under the root', () => {
    const program = buildProgram(testContext(), ['--help']);
    expect(program.commands.flatMap((c) => [...c.options, ...c.registeredArguments, ...c.commands])).toEqual([]);
  });

  it.each([30, 50, 80, 120, 200])('vis --help at %i columns is the whole program’s', (columns) => {
    const help = (program: Command) => program.configureOutput({ getOutHelpWidth: () => columns }).helpInformation();
    expect(help(buildProgram(testContext(), ['--help']))).toBe(help(buildProgram(testContext())));
  });
});
