/**
 * How deeply nested an answer vis reads: objects and arrays inside each other at most
 * MAX_NESTING levels (`{"data": {"a": [1]}}` is 3). The API's answers are under 10.
 *
 * The client refuses a deeper body when it arrives (src/http/depth.ts), before parsing it,
 * so the renderers only ever see data within the limit. They are bounded on their own as
 * well, for data handed to them in-process: their recursive walks stop at fixed depths,
 * and what they then show as JSON text goes through `stringifyWithin`, which measures
 * first, without recursion, and throws a NestingError instead of letting JSON.stringify
 * overflow the stack. renderJson (json.ts) counts its own depth against the same limit.
 *
 * Pure: the table renderer is bundled apart (scripts/build.mjs), so NestingError is
 * recognised by its name, not by instanceof.
 */
import { exactStringify, isRawNumber } from './raw-number.js';

export const MAX_NESTING = 64;

/** Data nested deeper than MAX_NESTING reached a renderer. */
export class NestingError extends Error {
  constructor() {
    super(`the data is nested deeper than ${MAX_NESTING} levels`);
    this.name = 'NestingError';
  }
}

export function isNestingError(err: unknown): err is NestingError {
  return err instanceof Error && err.name === 'NestingError';
}

/**
 * True when `value` holds more than `levels` levels of objects and arrays (a scalar has 0,
 * `[]` 1, `[{}]` 2). Iterative, and it stops at the first container too deep.
 */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null || isRawNumber(value)) return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop() as number;
    if (depth > levels) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null && !isRawNumber(child)) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * JSON.stringify of a value found `above` levels down (inside that many objects and
 * arrays): a NestingError when the two together go past MAX_NESTING. Numbers kept as
 * sent (RawNumber) are written as sent.
 */
export function stringifyWithin(value: unknown, above: number): string {
  if (nestedDeeperThan(value, MAX_NESTING - above)) throw new NestingError();
  return exactStringify(value);
}
