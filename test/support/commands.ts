/**
 * What tests that walk every command share: the arguments each command needs besides the
 * option under test, and a Context that records what a run opens (the sandbox, the
 * transport, a config write), so a test can check that a refusal came before any of it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
