/**
 * `vis changes` in-process, as its tests run it: argv parsed by the real program
 * (buildProgram's runF seam), then run against an in-memory history handed to runChanges,
 * errors turned into exit codes by the entry point's own report(); every history opened is
 * closed. A fresh HOME and config folder for each run, the base URL of the fake API.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ParsedOptions } from '../../../src/cli/declare.js';
import { buildProgram } from '../../../src/cli/program.js';
import { report } from '../../../src/cli/run.js';
import { runChanges } from '../../../src/cli/commands/changes/run.js';
import type { ChangesOptions } from '../../../src/cli/commands/changes/parse.js';
import type { OpenedHistory } from '../../../src/services/history.js';
import type { Env } from '../../../src/domain/env.js';
import type { HistoryReader } from '../../../src/history/types.js';
import { fakeClock, testContext, testIO, type TestIOOptions } from '../../support/context.js';
import { FAKE_BASE_URL, type FakeApi } from '../../support/http.js';

export interface Outcome {
  code: number;
  error: unknown;
  stdout: string;
  stderr: string;
  opened: number;
  options: ChangesOptions | undefined;
}

export function envFor(extra: Record<string, string | undefined> = {}): Env {
  const home = mkdtempSync(join(tmpdir(), 'vis-changes-'));
  const all: Record<string, string | undefined> = { VIS_BASE_URL: FAKE_BASE_URL, VIS_CONFIG_DIR: join(home, 'config'), HOME: home, NO_COLOR: '1', ...extra };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)) as Env;
}

/** The command line parsed by the real program, then run with `reader` as the history. */
export async function changes(
  argv: string[],
  reader: HistoryReader,
  o: { env?: Record<string, string | undefined>; io?: TestIOOptions; api?: FakeApi } = {},
): Promise<Outcome> {
  const io = testIO(o.io);
  const ctx = testContext({ io, env: envFor(o.env), overrides: { clock: fakeClock(), ...(o.api ? { transport: o.api.transport } : {}) } });
  let options: ChangesOptions | undefined;
  let opened = 0;
  let closed = 0;
  const open = async (): Promise<OpenedHistory> => {
    opened++;
    return Object.assign(Object.create(reader) as HistoryReader, { close: async () => void closed++ });
  };
  let code = 0;
  let error: unknown;
  try {
    const program = buildProgram(ctx, ['changes', ...argv], (p: ParsedOptions) => void (options = p as ChangesOptions));
    for (const c of [program, ...program.commands]) c.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
    await program.parseAsync(['changes', ...argv], { from: 'user' });
    await runChanges(options!, ctx, open);
  } catch (err) {
    error = err;
    code = report(err, io, false);
  }
  expect(closed).toBe(opened);
  return { code, error, stdout: io.out(), stderr: io.err(), opened, options };
}
