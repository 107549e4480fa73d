/** The environment variables vis reads: process.env in the CLI, a plain object in tests. */
export type Env = Record<string, string | undefined>;
