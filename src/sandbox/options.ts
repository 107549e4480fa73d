/**
 * The sandbox's options, from the environment: the demo's day a user picks
 * (VIS_DEMO_DATE), and how end-to-end tests set them for a sandbox that `vis --demo`
 * starts inside its own process: the JSON in VIS_SANDBOX_OPTIONS.
 */
// zod/mini with the English messages only: the CLI uses zod/mini too, and one flavour of
// zod in the bundle keeps the shared chunk small, and start-up with it.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { demoDate } from '../domain/demo.js';
import type { DataEdit } from './edits.js';

export type FaultKind = 'status' | 'slow' | 'non-json' | 'html' | 'truncated' | 'no-headers' | 'reset' | 'no-data';

/**
 * A failure to inject into matching requests (see faults.ts for what each kind does).
 * Test-only: there is no user flag for it.
 */
export interface Fault {
  /** Only this method (any when absent). */
  method?: string;
  /** The exact path after /api/v1 as sent, still percent-encoded (`/topics`,
   * `/competitors/Globex%20CRM`), or `*` for every path. */
  path: string;
  kind: FaultKind;
  /** Status for `status` (default 502), `html` (default 502) and `non-json` (default 200). */
  status?: number;
  /** Error code for `status` (default from the status: 502/504 upstream_error, 429 rate_limited, ...). */
  code?: string;
  /** Wait this long before answering; `slow` defaults to 5000. */
  delayMs?: number;
  /** Apply to this many matching requests, then stop (default: every one). */
  times?: number;
  /** A Retry-After header for `status` faults, sent verbatim (seconds or an HTTP date). */
  retryAfter?: string;
}

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback only; default 127.0.0.1. */
  host?: string;
  /** The clock: data, periods, budgets, the rate-limit window and the `Date` header all read it. */
  now?: () => Date;
  /**
   * The moment the data is simulated at, when it should not follow the clock: every
   * answer is built as of this time (its period included) while `now` still dates the
   * response and counts the budget. With `edits`, a week of reads changes only what the
   * edits say.
   */
  dataAt?: () => Date;
  /** Changes to the data from a scan day on (edits.ts). Test-only, like faults. */
  edits?: DataEdit[];
  /** Requests a minute per key before 429 rate_limited; default 60 as in the reference. */
  rateLimitPerMinute?: number;
  faults?: Fault[];
  /** Receives one line per request (for `vis sandbox`); nothing is logged without it. */
  log?: (line: string) => void;
  /** Silence `log`. */
  quiet?: boolean;
  /**
   * The sandbox lives for one command (`--demo`): its openapi.json names a placeholder
   * port, not this one, which is closed once the command ends.
   */
  oneShot?: boolean;
}

const KINDS = ['status', 'slow', 'non-json', 'html', 'truncated', 'no-headers', 'reset', 'no-data'] as const;

let messagesLoaded = false;
function englishMessages(): void {
  if (!messagesLoaded) z.config(en());
  messagesLoaded = true;
}

function faultSchema() {
  englishMessages();
  return z.strictObject({
    method: z.optional(z.string().check(z.minLength(1))),
    path: z.string().check(z.refine((p: string) => p === '*' || p.startsWith('/'), 'must be "*" or start with "/"')),
    kind: z.enum(KINDS),
    status: z.optional(z.int().check(z.minimum(100), z.maximum(599))),
    code: z.optional(z.string().check(z.minLength(1))),
    delayMs: z.optional(z.int().check(z.minimum(0))),
    times: z.optional(z.int().check(z.minimum(1))),
    retryAfter: z.optional(z.string()),
  });
}

export function parseFaults(value: unknown): Fault[] {
  const result = z.array(faultSchema()).safeParse(value);
  if (!result.success) throw new Error(`invalid sandbox faults: ${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * SandboxOptions from the environment: VIS_DEMO_DATE (the demo's day, the one the user
 * sets: the clock reads that day from 12:00 UTC on, and ticks) over VIS_SANDBOX_OPTIONS's
 * `now` (below). Throws an Error naming the variable and its rule for a bad value.
 */
export function sandboxOptionsFromEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined>): SandboxOptions {
  const options = testOptionsFromEnv(env);
  const demo = demoDate(env);
  if (demo !== undefined && 'problem' in demo) throw new Error(demo.problem);
  if (demo !== undefined) {
    const shift = Date.parse(`${demo.day}T12:00:00Z`) - Date.now();
    options.now = () => new Date(Date.now() + shift);
  }
  return options;
}

/**
 * SandboxOptions from VIS_SANDBOX_OPTIONS, e.g.
 * `{"now":"2025-03-14T12:00:00Z","rateLimitPerMinute":5,"faults":[{"path":"/topics","kind":"status","status":502,"times":1}]}`.
 * `now` is an ISO time and fixes the clock (it does not tick). Absent or empty: `{}`.
 * Throws an Error naming the problem when the JSON or a field is wrong.
 */
function testOptionsFromEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined>): SandboxOptions {
  const raw = env['VIS_SANDBOX_OPTIONS'];
  if (raw === undefined || raw.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(`VIS_SANDBOX_OPTIONS is not valid JSON: ${(error as Error).message}`);
  }
  const schema = z.strictObject({
    port: z.optional(z.int().check(z.minimum(0), z.maximum(65535))),
    host: z.optional(z.string().check(z.minLength(1))),
    now: z.optional(z.iso.datetime({ offset: true })),
    dataAt: z.optional(z.iso.datetime({ offset: true })),
    edits: z.optional(
      z.array(
        z.strictObject({
          from: z.iso.date(),
          path: z.string().check(z.refine((p: string) => p.startsWith('/'), 'must start with "/"')),
          brand: z.optional(z.int()),
          market: z.optional(z.string()),
          pointer: z.string().check(z.minLength(1)),
          value: z.optional(z.unknown()),
          remove: z.optional(z.boolean()),
        }),
      ),
    ),
    rateLimitPerMinute: z.optional(z.int().check(z.minimum(1))),
    faults: z.optional(z.array(faultSchema())),
    quiet: z.optional(z.boolean()),
  });
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`VIS_SANDBOX_OPTIONS: ${z.prettifyError(result.error)}`);
  const { now, dataAt, ...rest } = result.data;
  const options: SandboxOptions = { ...rest };
  if (now !== undefined) {
    const fixed = Date.parse(now);
    options.now = () => new Date(fixed);
  }
  if (dataAt !== undefined) {
    const fixed = Date.parse(dataAt);
    options.dataAt = () => new Date(fixed);
  }
  return options;
}
