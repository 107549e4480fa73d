/**
 * "Piped table = rows" and "empty is still a table", with the built `vis`
 * writing into a real pipe (its own isTTY, its own stdout flushing before exit), for a
 * list command and an item command, against the sandbox behind a loopback relay. The
 * same checks run in-process for every list command in test/output/piped-table.test.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkPipedEmpty, checkPipedTable, KEY, startListRelay, type ListRelay } from '../support/list-relay.js';
import { cleanEnv, runVis } from './helpers.js';

let relay: ListRelay;
beforeAll(async () => {
  relay = await startListRelay();
});
afterAll(() => relay?.close());

const spawned = (argv: string[]) => runVis(argv, { env: cleanEnv({ VIS_BASE_URL: relay.baseUrl, VIS_API_KEY: KEY }) });

describe.each(['answers', 'topics.get'])('%s, piped through a real process', (id) => {
  it('table: one header and one line per row the API sent, equal field counts, nothing else', () => checkPipedTable(relay, id, spawned));
  it('empty collection: csv prints its header row, the table the same header line, the sentence on stderr', () => checkPipedEmpty(relay, id, spawned));
});
