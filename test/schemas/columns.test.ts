/**
 * The known columns of each collection match what the sandbox's rows flatten to: the
 * schema names every column a csv of sandbox data has, in the order the sandbox writes
 * them, so the header of an empty collection is the header of a full one (apart from a
 * nullable object that is null in some row: its own column joins its fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints.js';
import { discoverColumns, orderColumns, selectRows } from '../../src/output/flatten.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { knownColumns } from '../../src/schemas/columns.js';
import { call, exampleRequest, openSandbox } from '../sandbox/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

describe('knownColumns against the sandbox', () => {
  it('every collection endpoint: the sandbox rows have the known columns, in their order, and no others', async () => {
    const report: Record<string, { unknown: string[]; reordered: boolean }> = {};
    for (const spec of ENDPOINTS.filter((e) => e.collection !== undefined)) {
      const req = await exampleRequest(sandbox, spec);
      if (!req) continue;
      for (const extra of spec.id === 'search-performance' ? ['', 'group_by=page'] : ['']) {
        const path = extra ? `${req.path}${req.path.includes('?') ? '&' : '?'}${extra}` : req.path;
        const reply = await call(sandbox, path, req.call);
        expect(reply.status).toBeLessThan(300);
        const { rows } = selectRows(reply.json.data, { collection: spec.collection });
        const discovered = discoverColumns(rows);
        const known = knownColumns(spec.id, reply.json.data);
        expect(known.length, spec.id).toBeGreaterThan(0);
        // A nullable object left null (activity's `ref`) is a column of its own: expected.
        const unknown = discovered.filter((c) => !known.includes(c) && !known.some((k) => k.startsWith(`${c}.`)));
        const reordered = orderColumns(discovered, known, rows.length).join() !== discovered.join();
        if (unknown.length > 0 || reordered) report[`${spec.id}${extra ? `?${extra}` : ''}`] = { unknown, reordered };
      }
    }
    expect(report).toEqual({});
  });
});
