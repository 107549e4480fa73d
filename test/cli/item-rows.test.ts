/** An item as one csv row: `--rows <object>` and `--rows .` (vis tasks 8664 --format csv). */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const TASK = {
  task: { id: 8664, title: 'Write a page', status: 'in_progress', topics: ['sales-forecasting', 'crm-pricing'] },
  why: 'No page answers it.',
  steps: [
    { step: 1, text: 'Answer it' },
    { step: 2, text: 'Link it' },
  ],
};

async function csv(...extra: string[]): Promise<{ code: number; rows: string[][]; stderr: string }> {
  const api = new FakeApi().on({ method: 'GET', path: '/tasks/8664' }, ok(TASK));
  const r = await runInProcess(['tasks', '8664', '--format', 'csv', ...extra], { api });
  return { code: r.code, rows: r.code === 0 ? (parse(r.stdout) as string[][]) : [], stderr: r.stderr };
}

describe('an item in csv', () => {
  it('by default: its main collection (the steps), one row each', async () => {
    const r = await csv();
    expect(r.rows).toEqual([
      ['step', 'text'],
      ['1', 'Answer it'],
      ['2', 'Link it'],
    ]);
  });

  it('--rows task: the task itself, one row of its fields', async () => {
    const r = await csv('--rows', 'task');
    expect(r.code).toBe(0);
    expect(r.rows).toEqual([
      ['id', 'title', 'status', 'topics'],
      ['8664', 'Write a page', 'in_progress', 'sales-forecasting; crm-pricing'],
    ]);
  });

  it('--rows .: all of data on one row, the steps in one cell', async () => {
    const r = await csv('--rows', '.');
    expect(r.code).toBe(0);
    expect(r.rows).toHaveLength(2);
    const row = Object.fromEntries(r.rows[0]!.map((h, i) => [h, r.rows[1]![i]]));
    expect(row['task.id']).toBe('8664');
    expect(row.why).toBe('No page answers it.');
    expect(JSON.parse(row.steps!)).toEqual(TASK.steps);
  });

  it('--rows naming a plain value is still refused, exit 2, pointing at `.`', async () => {
    const r = await csv('--rows', 'why');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rows: "why" is not an array or object inside data');
    expect(r.stderr).toContain('`--rows .`');
  });
});
