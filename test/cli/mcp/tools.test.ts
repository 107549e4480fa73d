/** The tools of `vis mcp` from the endpoint table: names, costs, arguments turned into the command line's, messages naming the argument. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointById } from '../../../src/endpoints.js';
import {
  argumentMessage,
  costText,
  inputShape,
  invocationOf,
  narrowHint,
  servedEndpoints,
  toolDescriptionOf,
  toolName,
} from '../../../src/cli/commands/mcp/tools.js';
import { dataFields, outputShape } from '../../../src/cli/commands/mcp/output.js';

describe('vis mcp tools', () => {
  it('are named by endpoint id with . and - as _', () => {
    expect(toolName('topics')).toBe('topics');
    expect(toolName('topics.get')).toBe('topics_get');
    expect(toolName('answers.runs')).toBe('answers_runs');
    expect(toolName('content-gaps')).toBe('content_gaps');
    expect(toolName('brand-perception.transcript')).toBe('brand_perception_transcript');
  });

  it('leave out the one that spends unless allowed', () => {
    expect(servedEndpoints(false).map((e) => e.id)).not.toContain('pitches.create');
    expect(servedEndpoints(true).map((e) => e.id)).toContain('pitches.create');
  });

  it('say what they cost and the plan they need', () => {
    expect(costText(endpointById('usage'))).toBe('Free: no read spent.');
    expect(costText(endpointById('topics'))).toMatch(/^Costs 1 read per brand and market asked/);
    expect(costText(endpointById('topics.get'))).toMatch(/^Costs 1 read of/);
    expect(costText(endpointById('answers.runs'))).toMatch(/looked up in answers/);
    expect(costText(endpointById('pitches.create'))).toMatch(/Spends one of the month's pitch reports/);
    expect(toolDescriptionOf(endpointById('brand-perception'))).toMatch(/Needs the Pro or Growth plan\./);
    expect(toolDescriptionOf(endpointById('search-performance'))).toMatch(/Needs the search console integration\./);
  });

  it('take the command line’s arguments: brand, market, the period, the item, the parameters', () => {
    expect(Object.keys(inputShape(z, endpointById('topics')))).toEqual(['brand', 'market', 'days', 'from', 'to']);
    expect(Object.keys(inputShape(z, endpointById('topics.get')))).toEqual(['brand', 'market', 'id']);
    expect(Object.keys(inputShape(z, endpointById('search-performance')))).toEqual(['brand', 'market', 'days', 'group_by', 'limit']);
    expect(Object.keys(inputShape(z, endpointById('usage')))).toEqual([]);
    const runs = z.object(inputShape(z, endpointById('answers.runs')));
    expect(runs.safeParse({}).success).toBe(false);
    expect(runs.safeParse({ prompt: 'q' }).success).toBe(true);
  });

  it('turn arguments into the invocation the flags’ rules check', () => {
    expect(invocationOf(endpointById('topics'), { brand: 'all', market: ['US-en', 'GB-en'], days: 30 })).toEqual({
      globals: { allBrands: true, market: ['US-en', 'GB-en'], days: '30' },
      local: {},
      pathArg: undefined,
      marketFromFlag: true,
      yes: false,
    });
    expect(invocationOf(endpointById('search-performance'), { group_by: 'page', limit: 5 }).local).toEqual({ groupBy: 'page', limit: '5' });
    expect(invocationOf(endpointById('topics.get'), { id: 'crm' }).pathArg).toBe('crm');
    expect(invocationOf(endpointById('pitches.create'), { url: 'acme.example' }).yes).toBe(true);
  });

  it('name the argument, not the flag, in a rule’s message', () => {
    const spec = endpointById('search-performance');
    expect(argumentMessage(spec, '--group-by must be one of query, page (got "x")')).toBe('"group_by" must be one of query, page (got "x")');
    expect(argumentMessage(spec, '--all-markets: no')).toBe('"market": no');
    expect(argumentMessage(spec, '--days must be a whole number')).toBe('"days" must be a whole number');
  });

  it('say how to narrow a cut answer', () => {
    expect(narrowHint(endpointById('forum'))).toBe(
      'To narrow it: a smaller limit, a shorter period (days, or from and to), fewer brands or markets, or raise vis mcp --max-bytes.',
    );
    expect(narrowHint(endpointById('topics.get'))).toBe('To narrow it: raise vis mcp --max-bytes.');
    expect(narrowHint(endpointById('topics'))).toMatch(/fewer brands or markets/);
  });

  it('answer with an output schema shaped after the endpoint’s data, open to fields it does not name', () => {
    expect(dataFields(endpointById('topics'))).toContain('topics');
    const schema = z.object(outputShape(z, endpointById('topics')));
    const reads = { spent: 0, left: 1 };
    expect(schema.safeParse({ data: { topics: [{ id: 'a', extra: 1 }], unknown_field: true }, meta: null, reads, truncated: null }).success).toBe(true);
    expect(schema.safeParse({ data: { topics: 'not a list' }, meta: null, reads, truncated: null }).success).toBe(false);
    expect(
      schema.safeParse({ data: { results: [{ brand: {}, market: null, data: {} }] }, meta: {}, reads, truncated: { kept: 1, total: 2, hint: 'h' } }).success,
    ).toBe(true);
  });
});
