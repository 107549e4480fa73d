/**
 * "Piped table = rows" and "empty is still a table", for every list command,
 * in-process with stdout not a terminal (what a pipe is to vis), through vis's own
 * transport to the sandbox behind a loopback relay (test/support/list-relay.ts says what is
 * checked). test/e2e/piped-table.e2e.test.ts runs the same checks on two commands with
 * the built `vis` writing into a real pipe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPipedEmpty, checkPipedTable, KEY, LIST_SPECS, startListRelay, type ListRelay } from '../support/list-relay.js';
import { runInProcess } from '../support/run.js';

let relay: ListRelay;
beforeAll(async () => {
  relay = await startListRelay();
});
afterAll(() => relay?.close());

it('covers every list command', () => {
  expect(Object.keys(relay.lists).sort()).toEqual(LIST_SPECS.map((e) => e.id).sort());
});

const piped = (argv: string[]) => runInProcess(argv, { baseUrl: relay.baseUrl, env: { VIS_API_KEY: KEY }, io: { stdoutIsTTY: false, stderrIsTTY: false } });

describe.each(LIST_SPECS.map((spec) => spec.id))('%s, piped', (id) => {
  it('table: one header and one line per row the API sent, equal field counts, nothing else', () => checkPipedTable(relay, id, piped));
  it('empty collection: csv prints its header row, the table the same header line; the sentence on stderr only with --verbose', () =>
    checkPipedEmpty(relay, id, piped));
});
