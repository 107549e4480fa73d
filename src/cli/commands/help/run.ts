/** `vis help`: prints the topic, or the command's help exactly as `--help` would. */
import { renderHelpTopic } from '../../../docs/topics.js';
import type { Context } from '../../../services/context.js';
import type { HelpOptions } from './parse.js';

export function runHelp(options: HelpOptions, ctx: Context): void {
  if ('topic' in options) {
    // Fitted like commander's help (run.ts): the terminal's width, else $COLUMNS, else 80.
    ctx.io.stdout.write(renderHelpTopic(options.topic, ctx.io.columns));
    return;
  }
  options.target.outputHelp();
}
