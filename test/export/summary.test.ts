/**
 * The export's words for people: counts are grouped as `vis usage` prints them
 * (`151,787`), while the dry run's JSON document keeps raw numbers for scripts.
 */
import { describe, expect, it } from 'vitest';
import type { CostEstimate } from '../../src/export/plan.js';
import { budgetError, exportFailure, planDocument, renderPlanText, renderSummary, type PlanView } from '../../src/export/summary.js';
import type { RunResult } from '../../src/export/execute-plan.js';

const cost = (reads: number): CostEstimate => ({ reads, exact: true, unknownMarkets: [], readsPerExtraMarket: 0, pendingItems: [] });

const view = (over: Partial<PlanView> = {}): PlanView => ({
  dir: 'out',
  format: 'csv',
  period: {},
  brands: [],
  tasks: [],
  cost: cost(1234),
  readsLeft: 151787,
  resetsAt: undefined,
  force: false,
  ...over,
});

const result = (over: Partial<RunResult> = {}): RunResult => ({
  files: [],
  skipped: [],
  failed: [],
  notAttempted: [],
  readsSpent: 2000,
  readsPlanned: 2000,
  rows: 12345,
  brands: [],
  listed: [],
  stoppedBy: undefined,
  refused: undefined,
  exitCode: 0,
  ...over,
});

describe('the dry run’s plan groups its counts like vis usage', () => {
  it('reads left and the cost', () => {
    const text = renderPlanText(view({ cachedReads: 1500 }));
    expect(text).toContain('Cost: 1,234 reads.');
    expect(text).toContain('Cache: 1,500 answers of the plan cached now, so 1,500 reads saved');
    expect(text).toContain('Reads left: 151,787. The export fits.');
    expect(text).not.toMatch(/\d{4}/);
  });

  it('names the free reads by their commands, and the reset as vis usage writes it', () => {
    const text = renderPlanText(view({ resetsAt: '2026-12-01T00:00:00Z' }));
    expect(text).toContain('Cost: 1,234 reads. vis usage and vis brands, which the export asks first, are free.');
    expect(text).toContain('Reads left: 151,787 (the budget resets 2026-12-01 00:00 UTC). The export fits.');
    expect(text).not.toContain('GET /');
    expect(renderPlanText(view({ readsLeft: undefined }))).toContain('Reads left: unknown (vis usage did not say)');
    // A time vis cannot read is shown as the API sent it.
    expect(renderPlanText(view({ resetsAt: 'next month' }))).toContain('(the budget resets next month)');
    expect(budgetError(cost(200000), { left: 1500, resetsAt: '2026-12-01T00:00:00Z' }, 'needs').hint).toMatch(/^The budget resets 2026-12-01 00:00 UTC\. /);
  });

  it('says how long the reads take at the rate limit', () => {
    expect(renderPlanText(view({ perMinute: 60 }))).toContain('Time: 1,234 reads at 60 reads a minute, the API’s rate limit: about 20 min of waiting');
  });

  it('a plan that does not fit, with and without --force', () => {
    expect(renderPlanText(view({ cost: cost(200000), readsLeft: 1500 }))).toContain('Reads left: 1,500. Not enough: the export would be refused');
    expect(renderPlanText(view({ cost: cost(200000), readsLeft: 1500, force: true }))).toContain('Reads left: 1,500. Not enough: with --force');
    expect(renderPlanText(view({ readsLeft: undefined }))).toContain('Reads left: unknown');
  });

  it('the JSON plan keeps raw numbers', () => {
    const doc = planDocument(view(), []);
    expect(doc.reads).toMatchObject({ at_least: 1234 });
    expect(doc.budget).toMatchObject({ left: 151787 });
  });
});

describe('the summary of a run groups its counts', () => {
  it('rows, reads spent and reads left', () => {
    const text = renderSummary(result(), { dir: 'out', manifestPath: 'out/manifest.json', elapsedMs: 1000, readsLeft: 151787 });
    expect(text).toContain('12,345 rows, 2,000 reads spent');
    expect(text).toContain('Reads left this month: about 149,787.');
  });

  it('a skipped read says why in the API’s words, its code after them, and neither reaches the terminal raw', () => {
    const skipped = {
      path: 'out/larkspur/GB-en/search-performance.csv',
      endpoint: 'search-performance',
      brand: { id: '202', name: 'Larkspur Dental' },
      market: 'GB-en',
      item: null,
      code: 'integration_not_connected\u001b[2J',
      message: 'Search-performance needs the search-console integration, which Larkspur Dental has not connected',
    };
    const text = renderSummary(result({ skipped: [skipped] }), { dir: 'out', manifestPath: 'out/manifest.json', elapsedMs: 1000, readsLeft: undefined });
    expect(text).toContain(
      'Skipped (the API said why):\n  search-performance, Larkspur Dental, GB-en: Search-performance needs the search-console integration, which Larkspur Dental has not connected [integration_not_connected',
    );
    expect(text).not.toContain('\u001b');
  });

  it('the refusals name both numbers grouped', () => {
    expect(budgetError(cost(200000), { left: 1500, resetsAt: undefined }, 'needs').message).toBe(
      'the export needs 200,000 reads, and 1,500 are left this month: nothing was read',
    );
    const refused = exportFailure(result({ exitCode: 6, refused: { needed: 4321, left: 1234 } }), { left: 1234, resetsAt: undefined }, 'm.json');
    expect(refused?.message).toBe('export stopped: with the markets and items known it needs 4,321 more reads, and 1,234 are left');
  });
});
