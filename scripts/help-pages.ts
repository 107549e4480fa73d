/**
 * The help pages `vis [command...] --help` prints before the bundle loads (src/boot/help.ts),
 * written into dist/help/ by scripts/build.mjs: each command's page as the program would
 * build it for that command line, with what the command prints before and after it. Made
 * from programs built with an inert context (nothing runs, nothing is read).
 */
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import { buildProgram, helpPage } from '../src/cli/program.js';
import type { HelpPage } from '../src/cli/help-layout.js';
import { createContext } from '../src/services/context.js';
import { inertIO } from './completion-files.js';

/** What dist/help/<name>.json holds: the page, and the text commander writes around it. */
export interface HelpFile {
  before: string;
  page: HelpPage;
  after: string;
}

/** The file of the page a command line names: `vis` for the root, `vis.answers.runs` below it. */
export function helpFileName(words: readonly string[]): string {
  return `${['vis', ...words].join('.')}.json`;
}

/** The text of the help events of `cmd` (addHelpText), as commander's outputHelp writes them. */
function helpEvents(cmd: Command, position: 'before' | 'after'): string {
  let text = '';
  const context = { error: false, command: cmd, write: (s: string) => (text += s) };
  // Commander's Command is an EventEmitter; its types leave that out.
  const events = (c: Command) => c as unknown as EventEmitter;
  const line: Command[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) line.push(c);
  if (position === 'before') {
    for (const c of [...line].reverse()) events(c).emit('beforeAllHelp', context);
    events(cmd).emit('beforeHelp', context);
  } else {
    events(cmd).emit('afterHelp', context);
    for (const c of line) events(c).emit('afterAllHelp', context);
  }
  return text;
}

function fileOf(cmd: Command): HelpFile {
  // outputHelp also emits the help option's flag, which nothing of vis listens to.
  if ((cmd as unknown as EventEmitter).listenerCount('--help') > 0) throw new Error(`vis ${cmd.name()}: listens to --help; the help pages cannot hold that`);
  const file = { before: helpEvents(cmd, 'before'), page: helpPage(cmd, cmd.createHelp()), after: helpEvents(cmd, 'after') };
  // Commander strips colour codes when the output has no colours: a page must hold none.
  if (JSON.stringify(file).includes('\\u001b')) throw new Error(`vis ${cmd.name()}: its help holds an escape sequence`);
  return file;
}

/** Every page, by file name: the root's, and each command's by every spelling (aliases too). */
export function helpFiles(): Map<string, HelpFile> {
  const ctx = () => createContext(inertIO(), {}, '0.0.0', new AbortController().signal);
  const files = new Map<string, HelpFile>();
  files.set(helpFileName([]), fileOf(buildProgram(ctx(), ['--help'])));
  const walk = (cmd: Command, words: string[]) => {
    for (const name of [cmd.name(), ...cmd.aliases()]) {
      const path = [...words, name];
      files.set(helpFileName(path), fileOf(cmd));
      for (const sub of cmd.commands) walk(sub, path);
    }
  };
  for (const top of buildProgram(ctx()).commands) {
    for (const name of [top.name(), ...top.aliases()]) {
      // Built as `vis <name> --help` builds it: that command alone, or everything.
      const alone = buildProgram(ctx(), [name, '--help']).commands.find((c) => c.name() === top.name())!;
      files.set(helpFileName([name]), fileOf(alone));
      for (const sub of alone.commands) walk(sub, [name]);
    }
  }
  return files;
}
