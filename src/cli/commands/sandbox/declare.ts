/** `vis sandbox`: the declaration. parse.ts and run.ts load when it runs. */
import { DEMO_KEY_SUMMARIES, DEMO_KEYS } from '../../../domain/demo.js';
import { addHelpSection, addExamples, HELP_GROUPS, runOrCapture, toolDescription, type CommandDeclaration } from '../../declare.js';

export const sandboxCommand: CommandDeclaration = {
  answers: (word) => word === 'sandbox',
  register(program, ctx, _only, runF) {
    // It is the server: only its own options apply (the globals are accepted and change nothing).
    const cmd = addExamples(
      program.command('sandbox'),
      'vis sandbox --port 8787',
      'VIS_BASE_URL=http://127.0.0.1:8787/api/v1 VIS_API_KEY=vis_demo_growth vis topics',
    )
      .summary('Serve the whole API on loopback from built-in data, with demo keys')
      .description(
        toolDescription(
          'Serves the API on a loopback address until Ctrl-C, and prints its base URL and the demo keys.',
          'Sends no request: it is the server, with built-in demo accounts on every plan.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .option('--port <n>', 'port to listen on (default: a free one)')
      .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
      .action(async (opts: { port?: string; host: string }) => {
        const options = (await import('./parse.js')).parseSandboxOptions(opts);
        await runOrCapture(options, runF, async () => (await import('./run.js')).runSandbox(options, ctx));
      });
    // The table it prints as it starts: which key shows which account.
    addHelpSection(cmd, { title: 'Demo keys:', rows: DEMO_KEYS.map((key) => [key, DEMO_KEY_SUMMARIES[key]] as const) });
    addHelpSection(cmd, {
      title: 'Environment:',
      rows: [
        [
          'VIS_DEMO_DATE=YYYY-MM-DD',
          'the demo’s day (default today): the data is as of that day, here and with --demo, and vis --demo history, changes and report read the 90 simulated days ending on it (a bad value is exit 2)',
        ],
        [
          'the demo’s days',
          'one function of the day: the history’s day D is what the sandbox answers with VIS_DEMO_DATE=D, whichever day is today; vis --demo changes --notify posts only to a webhook on this machine',
        ],
      ],
    });
  },
};
