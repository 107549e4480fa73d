/**
 * The report of one Growth scope, pinned whole (test/golden/report/growth-us-en.html, open
 * it in a browser to see it): the sandbox's answers on its fixed clock and the fake charts
 * make it the same bytes on every run. `UPDATE_GOLDEN=1` rewrites it; review the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { REPORT_SECTIONS, type ReportModel, type ScopeReport, type SectionId, type SectionResult } from '../../src/domain/report.js';
import { renderReport } from '../../src/report/render.js';
import { UPDATING } from '../output/golden.js';
import { openSandbox } from '../sandbox/helpers.js';
import { FakeCharts } from './fake-charts.js';
import { sandboxModel } from './sandbox-model.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'report');

function expectPage(name: string, page: string): void {
  const FILE = join(DIR, name);
  if (UPDATING) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(FILE, page);
    return;
  }
  if (!existsSync(FILE)) throw new Error(`golden ${FILE} is missing; run with UPDATE_GOLDEN=1 to create it`);
  expect(page, `the report differs from ${FILE} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(FILE, 'utf8'));
}

/** A scope of the report's own making: its headline as given, every other section empty. */
function madeScope(brand: string, market: ScopeReport['market'], plan: string | null, headline: SectionResult): ScopeReport {
  const sections = Object.fromEntries(REPORT_SECTIONS.map((id) => [id, { kind: 'none', why: `No ${id} for ${brand}.` }])) as Record<SectionId, SectionResult>;
  return { brand: { id: brand, name: brand }, market, plan, readAt: Date.parse('2025-03-14T06:00:00Z'), sections: { ...sections, headline }, trend: [] };
}

it('the report of Northwind CRM in US-en is the golden page', async () => {
  const sandbox = await openSandbox();
  try {
    expectPage('growth-us-en.html', await renderReport(await sandboxModel(sandbox, 'vis_demo_growth', { maxScopes: 1 }), new FakeCharts()));
  } finally {
    await sandbox.close();
  }
});

it('a report of several scopes opens with the page comparing them, whatever each could read', async () => {
  const sandbox = await openSandbox();
  try {
    const growth = await sandboxModel(sandbox, 'vis_demo_growth', { maxScopes: 1 });
    const model: ReportModel = {
      ...growth,
      period: { from: '2025-03-14', to: '2025-03-14', days: 1 },
      scopes: [
        growth.scopes[0]!,
        madeScope('Globex CRM', null, null, { kind: 'plan', needs: 'Pro or Growth' }),
        madeScope('Acme', { code: 'DE-de', label: null }, 'Pro', {
          kind: 'data',
          data: { visibility: { score: null, change: null }, share_of_voice: { value: null, change: null } },
          meta: null,
        }),
        madeScope('Initech', { code: 'FR-fr', label: 'France (French)' }, 'Pro', { kind: 'data', data: { odd: true }, meta: null }),
      ],
    };
    expectPage('several-scopes.html', await renderReport(model, new FakeCharts()));
  } finally {
    await sandbox.close();
  }
});
