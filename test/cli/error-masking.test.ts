/**
 * A server that echoes the key back in disguise, in every field vis prints about a
 * failure: the error code, the message, the hints built from its other answers (brand
 * names, the reset date) and the --debug lines (request id, headers). Whole command lines
 * in-process; what reaches stderr or stdout holds no 8-character run of the key.
 */
import { describe, expect, it } from 'vitest';
import { apiFailure, FakeApi, json, ok, type Reply } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const KEY = 'vis_live_Hidden_Key_0123456789';

function keyRuns(text: string): string[] {
  const runs: string[] = [];
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) runs.push(KEY.slice(i, i + 8));
  return runs;
}

const at = (i: number, insert: string) => KEY.slice(0, i) + insert + KEY.slice(i);
const everyCharEncoded = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

interface Case {
  name: string;
  argv: string[];
  replies: Array<[path: string, reply: Reply]>;
  exit: number;
}

const CASES: Case[] = [
  { name: 'error.code with an escape sequence in the middle', argv: ['topics'], replies: [['/topics', apiFailure(400, at(12, '\x1b[m'), 'bad')]], exit: 2 },
  { name: 'error.code split by a C1 control', argv: ['topics'], replies: [['/topics', apiFailure(500, at(20, '\x85'), 'bad')]], exit: 7 },
  { name: 'error.code with %5F for _', argv: ['topics'], replies: [['/topics', apiFailure(404, KEY.replaceAll('_', '%5F'), 'gone')]], exit: 5 },
  {
    name: 'the message, every character percent-encoded',
    argv: ['topics'],
    replies: [['/topics', apiFailure(401, 'invalid_api_key', `key ${everyCharEncoded} revoked`)]],
    exit: 3,
  },
  {
    name: 'the message with mixed-case hex and an OSC',
    argv: ['topics'],
    replies: [['/topics', apiFailure(403, 'plan_inactive', `k=${at(9, '\x1b]0;t\x07').replaceAll('_', '%5f')}`)]],
    exit: 4,
  },
  {
    name: 'a hint: brand names from GET /brands',
    argv: ['topics'],
    replies: [
      ['/topics', apiFailure(400, 'brand_required', 'pass brand_id')],
      [
        '/brands',
        ok({
          brands: [
            { id: '1', name: at(15, '\x1b[31m') },
            { id: '2', name: at(4, '\u200b') },
          ],
        }),
      ],
    ],
    exit: 2,
  },
  {
    name: 'a hint: the reset date from GET /usage',
    argv: ['topics'],
    replies: [
      ['/topics', apiFailure(429, 'quota_exceeded', 'used up')],
      ['/usage', ok({ reads_used: 1, reads_limit: 1, resets_at: at(10, '\x85') })],
    ],
    exit: 6,
  },
  {
    name: '--debug: the request id and the headers of the failure',
    argv: ['topics', '--debug'],
    replies: [
      [
        '/topics',
        json(
          400,
          { error: { code: 'invalid_parameter', message: 'no' } },
          { 'x-request-id': at(7, '\x1b[m'), 'x-ratelimit-remaining': KEY.replaceAll('_', '%5F') },
        ),
      ],
    ],
    exit: 2,
  },
];

describe('a key the server echoes in disguise never reaches the terminal', () => {
  it.each(CASES)('$name', async ({ argv, replies, exit }) => {
    const api = new FakeApi();
    for (const [path, reply] of replies) api.on({ method: 'GET', path }, reply, 'always');
    const r = await runInProcess(argv, { api, env: { VIS_API_KEY: KEY } });
    expect(r.code, r.stderr).toBe(exit);
    // The key was sent, so vis knew it.
    expect(r.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.stderr).toContain('***');
    expect(keyRuns(r.stdout + r.stderr), JSON.stringify(r.stderr)).toEqual([]);
  });

  it('vis auth status: the message of a rejected key, on stdout', async () => {
    const api = new FakeApi().on({ method: 'GET', path: '/usage' }, apiFailure(401, 'invalid_api_key', `no such key ${at(11, '\x1b[m')}`));
    const r = await runInProcess(['auth', 'status'], { api, env: { VIS_API_KEY: KEY } });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('key REJECTED: no such key ***');
    expect(keyRuns(r.stdout + r.stderr)).toEqual([]);
  });
});
