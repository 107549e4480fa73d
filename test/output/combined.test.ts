import { describe, expect, it } from 'vitest';
import type { ScopeResult } from '../../src/domain/scope.js';
import {
  apiVersionOf,
  combinedRows,
  renderCombinedCsv,
  renderCombinedJson,
  renderCombinedPlain,
  renderCombinedTable,
  topLevelMembers,
} from '../../src/output/combined.js';
import { parseExactJson } from '../../src/output/exact-json.js';

function ok(brand: string, market: string | null, raw: string): ScopeResult {
  return {
    brand: { id: brand.toLowerCase(), name: brand },
    market: market === null ? null : { code: market, label: null },
    raw,
    envelope: parseExactJson(raw) as ScopeResult['envelope'],
    error: null,
  };
}

function failed(brand: string, market: string | null): ScopeResult {
  return {
    brand: { id: brand.toLowerCase(), name: brand },
    market: market === null ? null : { code: market, label: 'Somewhere' },
    raw: null,
    envelope: null,
    error: { code: 'integration_not_connected', message: 'not connected', exitCode: 4 },
  };
}

const TOPICS = (name: string, v: string) =>
  `{"data":{"topics":[{"name":"${name}","visibility":${v}}],"period":{"from":"2026-11-01","to":"2026-11-22"}},"meta":{"api_version":"v1"}}`;

describe('topLevelMembers', () => {
  it('gives each member’s text as written, strings with brackets and escapes included', async () => {
    const raw = ' { "data" : {"a":"}]\\"[{","b":[1,{"c":2.50}]} , "meta":{"x":"\\\\"},"n":-1.0e3,"t":true,"s":"a,b"}';
    const m = topLevelMembers(raw);
    expect(m.get('data')).toBe('{"a":"}]\\"[{","b":[1,{"c":2.50}]}');
    expect(m.get('meta')).toBe('{"x":"\\\\"}');
    expect(m.get('n')).toBe('-1.0e3');
    expect(m.get('t')).toBe('true');
    expect(m.get('s')).toBe('"a,b"');
    expect([...m.keys()]).toEqual(['data', 'meta', 'n', 't', 's']);
  });

  it('keeps the last of a duplicated name, as JSON.parse does; an escaped name is decoded', async () => {
    const m = topLevelMembers('{"data":1,"d\\u0061ta":[2]}');
    expect(m.get('data')).toBe('[2]');
    expect(m.size).toBe(1);
  });

  it('nothing from a text that is not an object', async () => {
    expect(topLevelMembers('[1,2]').size).toBe(0);
    expect(topLevelMembers('{}').size).toBe(0);
  });
});

describe('the combined JSON document', () => {
  it('splices data and meta exactly as received; a failed scope has nulls and its error', async () => {
    const text = renderCombinedJson([ok('Acme', 'US-en', TOPICS('x', '1.50')), failed('Beta', 'GB-en')], {
      api_version: 'v1',
      filters: { brands: 'all', markets: ['US-en', 'GB-en'] },
    });
    expect(text).toContain('"visibility": 1.50');
    expect(text.endsWith('}\n')).toBe(true);
    const doc = JSON.parse(text);
    expect(doc.data.results[0]).toEqual({
      brand: { id: 'acme', name: 'Acme' },
      market: { code: 'US-en', label: null },
      data: { topics: [{ name: 'x', visibility: 1.5 }], period: { from: '2026-11-01', to: '2026-11-22' } },
      meta: { api_version: 'v1' },
      error: null,
    });
    expect(doc.data.results[1]).toEqual({
      brand: { id: 'beta', name: 'Beta' },
      market: { code: 'GB-en', label: 'Somewhere' },
      data: null,
      meta: null,
      error: { code: 'integration_not_connected', message: 'not connected' },
    });
    expect(doc.meta).toEqual({ api_version: 'v1', filters: { brands: 'all', markets: ['US-en', 'GB-en'] } });
  });

  it('an answer without meta, and data the same in every market (market null)', async () => {
    const doc = JSON.parse(renderCombinedJson([ok('Acme', null, '{"data":{"score":3}}')], { api_version: null, filters: { brands: ['acme'], markets: null } }));
    expect(doc.data.results[0].market).toBeNull();
    expect(doc.data.results[0].meta).toBeNull();
    expect(doc.data.results[0].data).toEqual({ score: 3 });
  });

  it('the API version is the first answer’s that names one', async () => {
    expect(apiVersionOf([failed('A', null), ok('B', null, '{"data":{},"meta":{}}'), ok('C', null, '{"data":{},"meta":{"api_version":"v2"}}')])).toBe('v2');
    expect(apiVersionOf([failed('A', null)])).toBeNull();
  });
});

describe('combined rows', () => {
  const opts = { collection: 'topics', period: true };

  it('brand and market first, then the rows’ columns with the period; a failed scope has none', async () => {
    const results = [ok('Acme', 'US-en', TOPICS('x', '1.50')), failed('Beta', 'GB-en'), ok('Acme', 'GB-en', TOPICS('y, z', '-2'))];
    expect(renderCombinedCsv(results, opts)).toBeDefined();
    expect([...renderCombinedCsv(results, opts)].join('')).toBe(
      'brand,market,name,visibility,period_from,period_to\r\nAcme,US-en,x,1.50,2026-11-01,2026-11-22\r\nAcme,GB-en,"y, z",-2,2026-11-01,2026-11-22\r\n',
    );
    expect(await renderCombinedPlain(results, opts)).toBe(
      'brand\tmarket\tname\tvisibility\tperiod_from\tperiod_to\nAcme\tUS-en\tx\t1.50\t2026-11-01\t2026-11-22\nAcme\tGB-en\ty, z\t-2\t2026-11-01\t2026-11-22\n',
    );
  });

  it('a column the rows share is written once; one only some rows have is empty elsewhere', async () => {
    const a = ok('A', 'US-en', '{"data":{"topics":[{"name":"x"}]}}');
    const b = ok('B', 'US-en', '{"data":{"topics":[{"name":"y","extra":"e"}]}}');
    expect([...renderCombinedCsv([a, b], { collection: 'topics' })].join('')).toBe('brand,market,name,extra\r\nA,US-en,x,\r\nB,US-en,y,e\r\n');
  });

  it('a row field named brand or market does not hide the scope’s', async () => {
    const rows = combinedRows([ok('A', 'US-en', '{"data":{"topics":[{"brand":"theirs","market":"m"}]}}')], { collection: 'topics' });
    expect(rows.columns).toEqual(['brand', 'market', 'brand (2)', 'market (2)']);
    expect([...rows.records[0]!.values()]).toEqual(['A', 'US-en', 'theirs', 'm']);
  });

  it('a one-record answer is its figures, key and value, after brand and market; market empty without one', async () => {
    const csv = [...renderCombinedCsv([ok('A', null, '{"data":{"score":1,"grade":"B"}}'), ok('B', null, '{"data":{"score":2}}')], { oneRecord: true })].join(
      '',
    );
    expect(csv).toBe('brand,market,key,value\r\nA,,score,1\r\nA,,grade,B\r\nB,,score,2\r\n');
  });

  it('--columns picks and orders, and refuses a name no row has', async () => {
    const results = [ok('Acme', 'US-en', TOPICS('x', '1'))];
    expect([...renderCombinedCsv(results, { ...opts, columns: ['name', 'brand'] })].join('')).toBe('name,brand\r\nx,Acme\r\n');
    expect(() => renderCombinedCsv(results, { ...opts, columns: ['nope'] })).toThrow(/unknown column "nope"/);
  });

  it('the rows are the endpoint’s collection even beside another array; --rows picks another', async () => {
    const raw = '{"data":{"other":[{"o":1}],"topics":[{"name":"x"}]}}';
    expect(combinedRows([ok('A', 'US-en', raw)], { collection: 'topics' }).columns).toEqual(['brand', 'market', 'name']);
    expect(combinedRows([ok('A', 'US-en', raw)], { collection: 'topics', rows: 'other' }).columns).toEqual(['brand', 'market', 'o']);
  });

  it('the piped table takes --columns too', async () => {
    expect(await renderCombinedPlain([ok('Acme', 'US-en', TOPICS('x', '1'))], { ...opts, columns: ['market', 'name'] })).toBe('market\tname\nUS-en\tx\n');
  });

  it('a scope with an error has no rows even if it has an answer', async () => {
    const r = { ...ok('A', 'US-en', TOPICS('x', '1')), error: { code: 'x', message: 'm', exitCode: 7 } };
    expect(combinedRows([r], opts).records).toEqual([]);
  });

  it('the known columns of each answer come first, as for one answer', async () => {
    const rows = combinedRows([ok('A', 'US-en', '{"data":{"topics":[{"b":1,"a":2}]}}')], { collection: 'topics', knownColumns: () => ['a'] });
    expect(rows.columns).toEqual(['brand', 'market', 'a', 'b']);
  });

  it('csv on a terminal sanitises what strangers wrote', async () => {
    const csv = [...renderCombinedCsv([ok('A\u001b[31m', 'US-en', '{"data":{"topics":[{"name":"x"}]}}')], { collection: 'topics', terminal: true })].join('');
    expect(csv).not.toContain('\u001b');
  });
});

describe('the terminal table', () => {
  const tty = { collection: 'topics', width: 100, color: false, wide: false };

  it('shows brand and market only where they vary', async () => {
    const both = await renderCombinedTable([ok('Acme', 'US-en', TOPICS('x', '1')), ok('Beta', 'GB-en', TOPICS('y', '2'))], tty);
    expect(both).toMatch(/brand/);
    expect(both).toMatch(/market/);
    expect(both).toContain('Beta');
    expect(both).not.toContain('\t');
    const oneMarket = await renderCombinedTable([ok('Acme', 'US-en', TOPICS('x', '1')), ok('Beta', 'US-en', TOPICS('y', '2'))], tty);
    expect(oneMarket).toMatch(/brand/);
    expect(oneMarket).not.toMatch(/market/);
    expect(oneMarket).not.toContain('US-en');
    const oneBrand = await renderCombinedTable([ok('Acme', 'US-en', TOPICS('x', '1')), ok('Acme', 'GB-en', TOPICS('y', '2'))], tty);
    expect(oneBrand).not.toMatch(/brand/);
    expect(oneBrand).toContain('GB-en');
  });

  it('nothing to show when every scope failed', async () => {
    expect(await renderCombinedTable([failed('A', 'US-en')], tty)).toBe('');
  });
});
