/** `vis help`: prints the topic, or the command's help exactly as `--help` would. */
import { renderHelpTopic, type HelpTopic } from '../../../docs/topics.js';
import type { Context } from '../../../services/context.js';
import { plainCommands } from '../../../text/commands.js';
import type { HelpOptions } from './parse.js';

export function runHelp(options: HelpOptions, ctx: Context): void {
  if ('topic' in options) {
    // Fitted like commander's help (run.ts): the terminal's width, else $COLUMNS, else 80.
    ctx.io.stdout.write(renderHelpTopic(onTerminal(options.topic), ctx.io.columns));
    return;
  }
  options.target.outputHelp();
}

/** The topic as a terminal shows it: a command the texts quote as Markdown is its bare words. */
function onTerminal(topic: HelpTopic): HelpTopic {
  return { ...topic, intro: plainCommands(topic.intro), rows: topic.rows.map(([term, text]) => [term, plainCommands(text)] as const) };
}
