/** The environment variables vis reads: process.env in the CLI, a plain object in tests. */
export type Env = Record<string, string | undefined>;

/** An environment switch: set, and not empty, 0 or false. */
export function isTruthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
