/**
 * What tests that walk every command share: the arguments each command needs besides the
 * option under test, a valid value for each option, and a Context that records what a run opens (the sandbox, the
 * transport, a config write), so a test can check that a refusal came before any of it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Option } from 'commander';
import type { Context } from '../../src/services/context.js';

/** What a command needs besides the option under test: its required arguments and options. */
export function requiredArgs(): Record<string, string[]> {
  return {
    'answers runs': ['--prompt', 'best crm for startups'],
    'history answers runs': ['--prompt', 'best crm for startups'],
    'history prune': ['--before', '90d'],
    'history push': ['postgres://127.0.0.1:1/vis'],
    'pitches create': ['acme.example', '--yes'],
    api: ['/topics'],
    'config get': ['market'],
    'config set': ['market', 'US-en'],
    'config unset': ['market'],
    completion: ['bash'],
    export: ['--dir', mkdtempSync(join(tmpdir(), 'vis-walk-export-'))],
  };
}

/** Records in the returned list each time `ctx` opens the sandbox or the transport, or writes the config. */
export function spyOn(ctx: Context): string[] {
  const touched: string[] = [];
  const { sandbox, transport, config } = ctx;
  ctx.sandbox = () => (touched.push('sandbox'), sandbox());
  ctx.transport = () => (touched.push('transport'), transport());
  ctx.config = () => {
    const store = config();
    for (const name of ['update', 'ensureDir'] as const) {
      const real = store[name].bind(store) as (...a: unknown[]) => unknown;
      Object.assign(store, { [name]: (...a: unknown[]) => (touched.push(`config.${name}`), real(...a)) });
    }
    return store;
  };
  return touched;
}

function isoDaysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** A PNG `vis report --logo` takes (its first bytes are what is checked). */
function pngLogo(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vis-options-logo-')), 'logo.png');
  writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return file;
}

/**
 * The option with a valid value, so that what a command refuses is the flag, never its
 * value: -o and --pdf name `outFile` (and `outFile`.pdf), --base-url `base`. --to comes with
 * the --from it needs when `toWithFrom`; without it, --to alone.
 */
export function optionArgs(option: Option, o: { today: string; outFile: string; base: string; toWithFrom: boolean }): string[] {
  const flag = option.long!;
  const { today } = o;
  const from = isoDaysBefore(today, 10);
  // The folders and files are made only for the flag that names them (one call per command line).
  const values: Record<string, string[] | (() => string[])> = {
    '--brand': ['acme'],
    '--market': ['US-en'],
    '--days': ['7'],
    '--from': [from],
    '--to': o.toWithFrom ? [today, '--from', from] : [today],
    '--format': ['json'],
    '--output': [o.outFile],
    '--columns': ['id'],
    '--rows': ['topics'],
    '--param': ['x=1'],
    '--profile': ['default'],
    '--base-url': [o.base],
    '--timeout': ['5'],
    '--layer': ['content'],
    '--status': ['done'],
    '--limit': ['5'],
    '--group-by': ['page'],
    '--prompt': ['best crm for startups'],
    '--market-code': ['US-en'],
    '--business-type': ['B2B SaaS'],
    '--field': ['k=v'],
    '--port': ['0'],
    '--host': ['127.0.0.1'],
    '--dir': () => [mkdtempSync(join(tmpdir(), 'vis-options-dir-'))],
    '--only': ['topics'],
    '--sort': ['id'],
    '--top': ['3'],
    '--engine': ['chatgpt'],
    '--state': ['absent'],
    '--action': ['write'],
    '--since': ['7d'],
    '--threshold': ['5'],
    '--until': [today],
    '--before': ['90d'],
    '--max-reads': ['5'],
    '--max-bytes': ['5000'],
    '--pdf': [`${o.outFile}.pdf`],
    '--title': ['Q4'],
    '--logo': () => [pngLogo()],
    '--accent': ['#0a7'],
    '--locale': ['en-GB'],
    '--paper': ['letter'],
    '--file': () => [join(mkdtempSync(join(tmpdir(), 'vis-options-file-')), 'history.db')],
  };
  if (!(option.required || option.optional)) return [flag];
  const given = values[flag];
  const v = typeof given === 'function' ? given() : given;
  if (!v) throw new Error(`no test value for ${flag}: add one`);
  return [flag, ...v];
}
