/**
 * Answers nested deeper than vis reads, for the nesting tests (test/cli/nesting.test.ts,
 * test/e2e/nesting.e2e.test.ts): JSON text of any depth, sent as it is.
 */
import type { ServerResponse } from 'node:http';

/** JSON text `levels` objects and arrays deep, alternating, with a string full of brackets at the bottom. */
export function deepText(levels: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 === 0 ? '{"k":' : '[';
    close = (i % 2 === 0 ? '}' : ']') + close;
  }
  return `${open}"[{ \\" not a level"${close}`;
}

/** An envelope `levels` deep in all: {"data": {"rows": [{"id": 1, "deep": ...}]}} is 4 of them. */
export const envelopeText = (levels: number) => `{"data":{"rows":[{"id":1,"deep":${deepText(levels - 4)}}]},"meta":{}}`;

export function sendRaw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}
