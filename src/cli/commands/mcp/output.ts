/**
 * The output schema of each `vis mcp` tool: `{data, meta, reads, truncated}`, with `data`
 * shaped after the endpoint's data schema (src/schemas/data.ts): its top-level fields
 * named, its records an array, every field optional and every object open, so a field the
 * API adds passes and nothing of its answer is dropped or refused.
 */
import { DATA_SCHEMAS } from '../../../schemas/data.js';
import type { EndpointSpec } from '../../../endpoints.js';
import type { Shape, Zod } from './tools.js';

/** Where the answers of several brands or markets are, in `data`. */
export const SEVERAL_KEY = 'results';

/** The top-level field names of an endpoint's data schema (an open object). */
export function dataFields(spec: EndpointSpec): string[] {
  const def = (DATA_SCHEMAS[spec.id] as unknown as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def;
  return Object.keys(def?.shape ?? {});
}

export function outputShape(z: Zod, spec: EndpointSpec | undefined): Shape {
  const reads = z.object({ spent: z.number(), left: z.number() }).describe('reads this connection has spent and has left (vis mcp --max-reads)');
  const truncated = z
    .union([z.null(), z.object({ kept: z.number(), total: z.number(), hint: z.string() })])
    .describe('null, or the records kept of the total when the answer was cut to fit vis mcp --max-bytes, and how to narrow');
  let data: import('zod').ZodType = z.unknown();
  if (spec !== undefined) {
    const fields: Shape = {};
    for (const f of dataFields(spec)) fields[f] = f === spec.collection ? z.array(z.unknown()).optional() : z.unknown().optional();
    const one = z.looseObject(fields);
    const several = z.looseObject({
      [SEVERAL_KEY]: z.array(z.looseObject({ brand: z.unknown(), market: z.unknown(), data: z.unknown(), error: z.unknown().optional() })),
    });
    data = z
      .union([several, one])
      .describe(
        `the API's data${spec.collection ? ` (records in ${spec.collection})` : ''}; for several brands or markets, one entry per brand and market in ${SEVERAL_KEY}`,
      );
  }
  return { data, meta: z.unknown(), reads, truncated };
}
