/**
 * The endpoint ids are a type. `npm run typecheck` covers this file: each
 * `@ts-expect-error` below fails the typecheck if the line after it compiles, so a
 * misspelled or forgotten id in a per-endpoint map is a compile error, not a run-time
 * surprise. The runtime checks pin the defaults `endpoint()` fills in.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { daysRule, ENDPOINTS, endpointById, isEndpointId, type EndpointId, type ItemSource } from '../src/endpoints.js';
import { ITEM_SOURCES } from '../src/export/items.js';
import { SAME_IN_EVERY_MARKET } from '../src/export/plan.js';
import type { View } from '../src/output/views/context.js';
import { VIEW_IDS } from '../src/output/views/index.js';
import { PAYLOAD_BUILDERS, type PayloadBuilder } from '../src/sandbox/data.js';
import { TASK_LAYERS, TASK_STATUS_FILTERS } from '../src/sandbox/data/tasks.js';
import { checkQuery } from '../src/sandbox/validate.js';

describe('endpoint ids are checked by the compiler', () => {
  it('a misspelled id does not compile', () => {
    // @ts-expect-error 'topcs' is not an endpoint id
    expect(() => endpointById('topcs')).toThrow('unknown endpoint id topcs');
    // @ts-expect-error a partial map still refuses an unknown key
    const views: Partial<Record<EndpointId, View>> = { topcs: undefined };
    // @ts-expect-error an item source must name a real list endpoint
    const source: ItemSource = { list: 'topcs', field: 'id', into: { path: 'id' }, item: 'topic' };
    expect([views, source]).toHaveLength(2);
  });

  it('a full map that forgets an id does not compile', () => {
    // @ts-expect-error every endpoint needs a payload builder
    const builders: Record<EndpointId, PayloadBuilder> = { topics: PAYLOAD_BUILDERS.topics };
    expect(Object.keys(builders)).toEqual(['topics']);
  });

  it('the maps per endpoint are keyed by EndpointId', () => {
    expectTypeOf(PAYLOAD_BUILDERS).toEqualTypeOf<Readonly<Record<EndpointId, PayloadBuilder>>>();
    expectTypeOf(ITEM_SOURCES).toEqualTypeOf<Readonly<Partial<Record<EndpointId, ItemSource>>>>();
    expectTypeOf(VIEW_IDS).toEqualTypeOf<readonly EndpointId[]>();
    expectTypeOf(SAME_IN_EVERY_MARKET).toEqualTypeOf<ReadonlySet<EndpointId>>();
    expectTypeOf(endpointById).parameter(0).toEqualTypeOf<EndpointId>();
  });

  it('isEndpointId knows the table and nothing else, not even Object.prototype', () => {
    expect(ENDPOINTS.every((e) => isEndpointId(e.id))).toBe(true);
    for (const id of ['topcs', 'constructor', 'toString', '__proto__', '']) expect(isEndpointId(id)).toBe(false);
    expect(new Set(ENDPOINTS.map((e) => e.id)).size).toBe(ENDPOINTS.length);
  });
});

describe('endpoint(): one place for the defaults', () => {
  it('an entry that says nothing gets GET, brand and market, no period, every plan, a read, data', () => {
    const prompts = endpointById('prompts');
    expect(prompts).toMatchObject({ method: 'GET', brand: true, market: true, period: 'none', query: [], plan: 'any', free: false, group: 'data' });
  });

  it('an entry overrides what differs', () => {
    expect(endpointById('brands')).toMatchObject({ brand: false, market: false, free: true, group: 'account' });
    expect(endpointById('pitches.create')).toMatchObject({ method: 'POST', market: false });
    expect(endpointById('forum').plan).toBe('pro');
  });

  it('--days defaults to 7, and to 28 where the entry says so', () => {
    const defaults = ENDPOINTS.filter((e) => e.period !== 'none').map((e) => [e.id, daysRule(e)] as const);
    expect(defaults.filter(([, rule]) => rule.kind === 'int' && rule.default !== 7).map(([id]) => id)).toEqual(['search-performance']);
    expect(daysRule(endpointById('search-performance'))).toEqual({ kind: 'int', min: 1, max: 90, default: 28 });
  });

  it('special cases are fields: only POST /pitches spends, only search-performance needs an integration', () => {
    expect(ENDPOINTS.filter((e) => e.spends).map((e) => e.id)).toEqual(['pitches.create']);
    expect(ENDPOINTS.filter((e) => e.method !== 'GET').every((e) => e.spends !== undefined)).toBe(true);
    expect(ENDPOINTS.filter((e) => e.integration).map((e) => [e.id, e.integration])).toEqual([['search-performance', 'search console']]);
    expect(ENDPOINTS.filter((e) => e.itemsFrom?.skipsBrand).map((e) => e.id)).toEqual(['competitors.get']);
  });
});

describe('known values of open parameters', () => {
  it('the table’s known values are the ones the sandbox accepts, and no other', () => {
    expect([...TASK_LAYERS]).toEqual([...endpointById('tasks').query.find((q) => q.name === 'layer')!.known!]);
    expect([...TASK_STATUS_FILTERS]).toEqual([...endpointById('tasks').query.find((q) => q.name === 'status')!.known!]);
    for (const spec of ENDPOINTS) {
      for (const p of spec.query) {
        if (!p.known) continue;
        for (const v of p.known) expect(() => checkQuery(spec, new URLSearchParams([[p.name, v]])), `${spec.id} --${p.flag} ${v}`).not.toThrow();
        expect(() => checkQuery(spec, new URLSearchParams([[p.name, 'no-such-value']])), `${spec.id} --${p.flag}`).toThrow(/must be one of/);
      }
    }
  });
});
