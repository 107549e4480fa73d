/**
 * The report of one Growth scope, pinned whole (test/golden/report/growth-us-en.html, open
 * it in a browser to see it): the sandbox's answers on its fixed clock and the fake charts
 * make it the same bytes on every run. `UPDATE_GOLDEN=1` rewrites it; review the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { renderReport } from '../../src/report/render.js';
import { UPDATING } from '../output/golden.js';
import { openSandbox } from '../sandbox/helpers.js';
import { FakeCharts } from './fake-charts.js';
import { sandboxModel } from './sandbox-model.js';

const FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'report', 'growth-us-en.html');

it('the report of Northwind CRM in US-en is the golden page', async () => {
  const sandbox = await openSandbox();
  try {
    const model = await sandboxModel(sandbox, 'vis_demo_growth', { maxScopes: 1 });
    const page = await renderReport(model, new FakeCharts());
    if (UPDATING) {
      mkdirSync(dirname(FILE), { recursive: true });
      writeFileSync(FILE, page);
      return;
    }
    if (!existsSync(FILE)) throw new Error(`golden ${FILE} is missing; run with UPDATE_GOLDEN=1 to create it`);
    expect(page, `the report differs from ${FILE} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(FILE, 'utf8'));
  } finally {
    await sandbox.close();
  }
});
