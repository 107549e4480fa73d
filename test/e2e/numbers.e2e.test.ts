/**
 * The built bundle keeps numbers as sent in csv: the exact parse is
 * loaded by the csv path of dist/vis.cjs, and a 2^53+1 id survives a real request.
 * test/terminal/render-numbers.test.ts covers csv and table in-process.
 */
import { describe, expect, it } from 'vitest';
import { cleanEnv, runVis, startTestServer } from './helpers.js';

const BODY = '{"data":{"topics":[{"id":9007199254740993,"big":12345678901234567890123,"huge":1e400,"score":1.50}]}}';

describe('numbers as sent, spawned', () => {
  it('csv', async () => {
    const server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(BODY);
    });
    try {
      const r = await runVis(['topics', '--brand', '12', '--format', 'csv'], {
        env: cleanEnv({ VIS_BASE_URL: server.baseUrl, VIS_API_KEY: 'vis_test_0123456789abcdef' }),
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // topics has a period; this answer carries none, so its columns are empty.
      expect(r.stdout).toBe('id,big,huge,score,period_from,period_to\r\n9007199254740993,12345678901234567890123,1e400,1.50,,\r\n');
    } finally {
      await server.close();
    }
  });
});
