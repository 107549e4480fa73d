/**
 * Golden-file comparison for renderer output. Strict by default: a missing or different
 * golden fails. `UPDATE_GOLDEN=1 npx vitest run test/output` rewrites them; review the
 * diff before committing.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'output');
/** Goldens of the per-endpoint views (test/golden/views/<id>.<width>.txt). */
export const VIEWS_GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'views');
export const UPDATING = process.env.UPDATE_GOLDEN === '1';

export function expectGolden(name: string, actual: string, dir = GOLDEN_DIR): void {
  const file = join(dir, `${name}.txt`);
  if (UPDATING) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`golden ${file} is missing; run with UPDATE_GOLDEN=1 to create it`);
  expect(actual, `output differs from ${file} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(file, 'utf8'));
}

export function goldenNames(dir = GOLDEN_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -'.txt'.length))
    .sort();
}
