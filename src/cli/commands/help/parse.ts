/**
 * `vis help [words...]`: a help topic, or the command the words name. commander's own
 * help command only knows commands, so this one replaces it, with the same output for
 * commands plus the topics.
 */
import type { Command } from 'commander';
import { HELP_TOPICS, helpTopic, type HelpTopic } from '../../../docs/topics.js';
import { UsageError } from '../../../errors.js';
import type { ParsedOptions } from '../../declare.js';

export type HelpOptions = ParsedOptions & { command: 'help' } & ({ topic: HelpTopic } | { target: Command });

export function parseHelpOptions(program: Command, words: readonly string[]): HelpOptions {
  const topic = words.length === 1 ? helpTopic(words[0]!) : undefined;
  if (topic) return { command: 'help', topic };
  let target = program;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const asked = ['vis', ...words.slice(0, words.indexOf(word) + 1)].join(' ');
      throw new UsageError(`no help for "${asked}": not a command or help topic`, {
        hint: `Run \`vis --help\` for the commands; topics: ${HELP_TOPICS.map((t) => t.name).join(', ')}.`,
      });
    }
    target = next;
  }
  return { command: 'help', target };
}
