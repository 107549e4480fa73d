/**
 * The sandbox as `vis changes` is tried against: its data fixed at one moment (dataAt)
 * while its clock moves day by day, and edits applied from their scan day on. Two days
 * answer the same bytes but for the edits; the Date header follows the clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits, sandboxScanDay, type DataEdit } from '../../src/sandbox/edits.js';
import { sandboxOptionsFromEnv } from '../../src/sandbox/options.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call } from './helpers.js';

const opened: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function on(day: string, edits: DataEdit[]): Promise<Sandbox> {
  const sandbox = await startSandbox({ now: () => new Date(`${day}T10:00:00Z`), dataAt: () => new Date('2026-11-20T10:00:00Z'), edits });
  opened.push(sandbox);
  return sandbox;
}

const EDITS: DataEdit[] = [
  { from: '2026-11-22', path: '/competitors', pointer: '/competitors/@name=Pipewell', remove: true },
  { from: '2026-11-23', path: '/topics', pointer: '/topics/@id=crm-for-startups/visibility', value: 12.5 },
  { from: '2026-11-23', path: '/topics', market: 'GB-en', pointer: '/topics/0/visibility', value: 99 },
];

describe('sandbox data fixed at one moment, edited from a day on', () => {
  it('two days answer the same bytes before an edit applies; the Date header is the clock', async () => {
    const a = await call(await on('2026-11-21', EDITS), '/topics');
    const b = await call(await on('2026-11-22', EDITS), '/topics');
    expect(a.text).toBe(b.text);
    expect(a.headers.get('date')).toBe('Sat, 21 Nov 2026 10:00:00 GMT');
    expect(b.headers.get('date')).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
  });

  it('an edit applies from its day on, to its path (and market) alone', async () => {
    const before = JSON.parse((await call(await on('2026-11-22', EDITS), '/topics')).text);
    const after = JSON.parse((await call(await on('2026-11-24', EDITS), '/topics')).text);
    const startups = (d: { data: { topics: Array<{ id: string; visibility: number }> } }) => d.data.topics.find((t) => t.id === 'crm-for-startups')!.visibility;
    expect(startups(before)).not.toBe(12.5);
    expect(startups(after)).toBe(12.5);
    // Nothing else moved: the market-scoped edit is for GB-en, this is the primary market.
    const rest = (d: { data: { topics: Array<{ id: string }> } }) => JSON.stringify(d.data.topics.filter((t) => t.id !== 'crm-for-startups'));
    expect(rest(after)).toBe(rest(before));
  });

  it('a removal drops the element matched by field', async () => {
    const names = async (day: string) =>
      (JSON.parse((await call(await on(day, EDITS), '/competitors')).text) as { data: { competitors: Array<{ name: string }> } }).data.competitors.map(
        (c) => c.name,
      );
    expect(await names('2026-11-21')).toContain('Pipewell');
    expect(await names('2026-11-22')).not.toContain('Pipewell');
  });

  it('the scan day turns at 03:30 UTC', () => {
    expect(sandboxScanDay(new Date('2026-11-22T03:29:59Z'))).toBe('2026-11-21');
    expect(sandboxScanDay(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-22');
  });

  it('a pointer that finds nothing fails loudly, never silently', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const data = { topics: [{ id: 'a', visibility: 1 }] };
    const req = { path: '/topics', brand: undefined, market: undefined, now };
    expect(() => applyEdits(data, [{ from: '2026-11-01', path: '/topics', pointer: '/topics/@id=b/visibility', value: 2 }], req)).toThrow(
      /finds no element "@id=b"/,
    );
    expect(() => applyEdits(data, [{ from: '2026-11-01', path: '/topics', pointer: '/nope/x', value: 2 }], req)).toThrow(/finds nothing at "nope"/);
    expect(() => applyEdits(data, [{ from: '2026-11-01', path: '/topics', pointer: '/topics/0/gone', remove: true }], req)).toThrow(/names no field/);
    // The input is never changed in place.
    applyEdits(data, [{ from: '2026-11-01', path: '/topics', pointer: '/topics/0/visibility', value: 5 }], req);
    expect(data.topics[0]!.visibility).toBe(1);
  });

  it('VIS_SANDBOX_OPTIONS takes dataAt and edits, and refuses a malformed edit', () => {
    const o = sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: JSON.stringify({ dataAt: '2026-11-20T10:00:00Z', edits: EDITS }) });
    expect(o.dataAt?.().toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(o.edits).toHaveLength(3);
    expect(() => sandboxOptionsFromEnv({ VIS_SANDBOX_OPTIONS: JSON.stringify({ edits: [{ from: 'tomorrow', path: '/topics', pointer: '/x' }] }) })).toThrow(
      /VIS_SANDBOX_OPTIONS/,
    );
  });
});
