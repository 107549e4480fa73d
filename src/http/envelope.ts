/**
 * The two envelopes of the reference (section 2), checked with zod. Only the envelope is
 * checked: payload shapes beyond the reference are unknown and pass through untouched.
 */
// zod/mini: the same checks as zod at a fraction of the start-up cost (see flags/rules.ts).
import * as z from 'zod/mini';

// meta is read defensively by the renderers, so any object passes: a server that adds or
// retypes a meta field must not turn a good answer into an error.
const metaSchema = z.record(z.string(), z.unknown());

// `data` must be present (an object per the reference; an array is tolerated and shown
// generically) and `meta` must be an object when present.
const successSchema = z.looseObject({
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  meta: z.optional(metaSchema),
});

const errorSchema = z.looseObject({
  error: z.looseObject({
    code: z.string().check(z.minLength(1)),
    message: z.string(),
  }),
});

export type Meta = Record<string, unknown>;
export interface Envelope {
  data: Record<string, unknown> | unknown[];
  meta?: Meta;
  [key: string]: unknown;
}

/**
 * The answer itself once it passes, not zod's copy: the copy assigns each key of a record,
 * and a `__proto__` key in `data` would set the copy's prototype instead of being a field.
 */
export function checkEnvelope(body: unknown): Envelope | undefined {
  const r = successSchema.safeParse(body);
  return r.success ? (body as Envelope) : undefined;
}

export function checkErrorEnvelope(body: unknown): { code: string; message: string } | undefined {
  const r = errorSchema.safeParse(body);
  return r.success ? r.data.error : undefined;
}
