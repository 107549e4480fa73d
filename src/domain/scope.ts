/**
 * One brand × market of a data command asked for several at once (`--brand A,B`,
 * `--all-brands`, `--market A,B`, `--all-markets`): what was read for it, or why not.
 * The reads of many scopes (src/services/scopes.ts) make these in output order, brands
 * as listed then their markets; the renderers (src/output/combined.ts and the terminal views) draw them.
 */
export interface ScopeBrand {
  id: string;
  name: string;
}

export interface ScopeMarket {
  code: string;
  /** The market's label as GET /brands or GET /markets gave it (`United States (English)`), when it did. */
  label: string | null;
}

export interface ScopeError {
  /** The API's error code (`not_found`, `integration_not_connected`…), or vis's own for a failure before an answer. */
  code: string;
  message: string;
  /** The exit code this failure alone would have given (4 for a 409, 5 for a 429…). */
  exitCode: number;
}

export interface ScopeResult {
  brand: ScopeBrand;
  /** null for data the API gives identically in every market, read once per brand (perception, the technical scan). */
  market: ScopeMarket | null;
  /** The answer exactly as received, and parsed; both null when the read failed. */
  raw: string | null;
  envelope: { data: unknown; meta?: Record<string, unknown>; [key: string]: unknown } | null;
  error: ScopeError | null;
  /** Topic names by id for the terminal's views, from a cached GET /topics of this scope (src/services/topic-names.ts); never in json or csv. */
  topicNames?: ReadonlyMap<string, string> | undefined;
}
