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
export const UPDATING = process.env.UPDATE_GOLDEN === '1';

export function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, `${name}.txt`);
  if (UPDATING) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`golden ${file} is missing; run with UPDATE_GOLDEN=1 to create it`);
  expect(actual, `output differs from ${file} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(file, 'utf8'));
}

export function goldenNames(): string[] {
  if (!existsSync(GOLDEN_DIR)) return [];
  return readdirSync(GOLDEN_DIR)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -'.txt'.length))
    .sort();
}
