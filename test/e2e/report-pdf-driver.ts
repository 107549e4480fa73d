/**
 * A process that prints a page as `vis report --pdf` does, for the end-to-end tests that
 * need one of its own (Ctrl-C while Chromium prints) or the built playwright-core (bundled
 * by the test with esbuild; the library is dist/lib/playwright/, named by VIS_PLAYWRIGHT_LIB).
 * Ctrl-C is handled as src/main.ts does: the process exits at once, with 130.
 *
 *   HTML_FILE PDF_FILE a4|letter [TIMEOUT_MS]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { printPdf } from '../../src/report/pdf.js';

process.on('SIGINT', () => process.exit(130));

async function main(): Promise<void> {
  const [html, pdf, paper, timeout] = process.argv.slice(2) as [string, string, 'a4' | 'letter', string | undefined];
  const printed = await printPdf(readFileSync(html, 'utf8'), {
    paper,
    env: process.env,
    chromium: process.env.VIS_CHROMIUM!,
    timeoutMs: timeout ? Number(timeout) : undefined,
  });
  writeFileSync(pdf, printed);
  process.stdout.write('printed\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).name}: ${(err as Error).message}\n`);
  process.exitCode = 1;
});
