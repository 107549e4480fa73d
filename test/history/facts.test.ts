/**
 * The BI tables' rows, read from recorded bodies: every topic, question × engine and
 * competitor of the sandbox's answers, and NULL (never an error) for what a body of
 * another shape lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsOf } from '../../src/history/facts.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, FIXED_NOW } from '../sandbox/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(FIXED_NOW), rateLimitPerMinute: 1_000_000 });
});
afterAll(async () => {
  await sandbox.close();
});

const NONE = { topics: [], prompts: [], competitors: [] };

describe('facts of the sandbox answers', () => {
  it('one topic row per topic, with its figures', async () => {
    const reply = await call(sandbox, '/topics');
    const topics = reply.json.data.topics as Array<Record<string, unknown>>;
    const facts = factsOf('topics', reply.text);
    expect(facts.topics).toHaveLength(topics.length);
    expect(facts.topics[0]).toEqual({
      topicId: topics[0]!.id,
      name: topics[0]!.name,
      visibility: topics[0]!.visibility,
      change: topics[0]!.change,
      rank: topics[0]!.rank,
      shareOfVoice: topics[0]!.share_of_voice,
    });
    expect(facts.prompts).toEqual([]);
    expect(facts.competitors).toEqual([]);
  });

  it('one row per question and engine', async () => {
    const reply = await call(sandbox, '/prompts');
    const prompts = reply.json.data.prompts as Array<{
      id: string;
      prompt: string;
      topic_id: string;
      engines: Record<string, { state: string; rate: number; position: number | null }>;
    }>;
    const facts = factsOf('prompts', reply.text);
    expect(facts.prompts).toHaveLength(prompts.reduce((n, p) => n + Object.keys(p.engines).length, 0));
    const [engine, e] = Object.entries(prompts[0]!.engines)[0]!;
    expect(facts.prompts[0]).toEqual({
      promptId: prompts[0]!.id,
      prompt: prompts[0]!.prompt,
      topicId: prompts[0]!.topic_id,
      engine,
      state: e.state,
      rate: e.rate,
      position: e.position,
    });
  });

  it('one row per competitor, the brand marked', async () => {
    const reply = await call(sandbox, '/competitors');
    const list = reply.json.data.competitors as Array<Record<string, unknown>>;
    const facts = factsOf('competitors', reply.text);
    expect(facts.competitors).toHaveLength(list.length);
    expect(facts.competitors.filter((c) => c.isBrand === true)).toHaveLength(1);
    expect(facts.competitors[0]).toEqual({
      name: list[0]!.name,
      domain: list[0]!.domain,
      isBrand: list[0]!.is_brand,
      shareOfVoice: list[0]!.share_of_voice,
      visibility: list[0]!.visibility,
      mentions: list[0]!.mentions,
    });
  });

  it('no rows for the endpoints the BI tables do not cover', async () => {
    expect(factsOf('overview', (await call(sandbox, '/overview')).text)).toEqual(NONE);
    expect(factsOf('topics.get', (await call(sandbox, '/topics/crm-for-startups')).text)).toEqual(NONE);
  });
});

describe('facts of shapes vis has not seen', () => {
  it.each([
    ['not JSON', 'not json'],
    ['a list', '[1,2]'],
    ['no data', '{"meta":{}}'],
    ['data not an object', '{"data":[1]}'],
    ['the list not a list', '{"data":{"topics":{"id":"t"}}}'],
  ])('%s: no rows', (_name, raw) => {
    expect(factsOf('topics', raw)).toEqual(NONE);
  });

  it('a field missing or of another type is NULL; items that are not objects are skipped', () => {
    const raw = JSON.stringify({
      data: {
        topics: [{ id: 7, name: ['x'], visibility: '40', change: null, rank: 1.5, share_of_voice: Infinity }, 'text', null],
      },
    });
    expect(factsOf('topics', raw).topics).toEqual([{ topicId: '7', name: null, visibility: null, change: null, rank: 1.5, shareOfVoice: null }]);
    const prompts = JSON.stringify({
      data: {
        prompts: [
          { id: 'p', engines: { a: 'absent', b: { state: 3, rate: 'x' } } },
          { prompt: 'Q', engines: [] },
        ],
      },
    });
    expect(factsOf('prompts', prompts).prompts).toEqual([
      { promptId: 'p', prompt: null, topicId: null, engine: 'a', state: null, rate: null, position: null },
      { promptId: 'p', prompt: null, topicId: null, engine: 'b', state: '3', rate: null, position: null },
      { promptId: null, prompt: 'Q', topicId: null, engine: null, state: null, rate: null, position: null },
    ]);
    const competitors = JSON.stringify({ data: { competitors: [{ name: 'R', is_brand: 'yes', mentions: '12' }] } });
    expect(factsOf('competitors', competitors).competitors).toEqual([
      { name: 'R', domain: null, isBrand: null, shareOfVoice: null, visibility: null, mentions: null },
    ]);
  });
});
