/** `vis mcp`: flags and settings checked. Opens nothing. */
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';
import { parseFlags, type RawGlobalOptions } from '../../../flags/rules.js';

export interface McpOptions extends ParsedOptions {
  command: 'mcp';
  /** Reads the API charges that one connection may spend. */
  maxReads: number;
  /** The largest result sent, in UTF-8 bytes over the whole result. */
  maxBytes: number;
  /** --allow-pitches: offer the tool that creates a pitch report (it spends one). */
  allowPitches: boolean;
  session: SessionOptions;
  /** The global flags the history and changes tools pass on to the commands they run. */
  demo: boolean;
  profile?: string;
  baseUrl?: string;
}

export const DEFAULT_MAX_READS = 20;
export const DEFAULT_MAX_BYTES = 100_000;
/** Below this no answer but the smallest fits; above it an agent's context overflows anyway. */
export const MIN_MAX_BYTES = 1_000;
export const MAX_MAX_BYTES = 10_000_000;

/** A whole number from 0 to 100000, or a usage error naming the flag. */
export function parseMaxReads(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_READS;
  const text = String(value);
  if (!/^\d{1,6}$/.test(text) || Number(text) > 100000) throw new UsageError(`--max-reads: a whole number from 0 to 100000, not "${text.slice(0, 40)}"`);
  return Number(text);
}

/** A whole number of bytes from 1000 to 10000000, or a usage error naming the flag. */
export function parseMaxBytes(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_BYTES;
  const text = String(value);
  if (!/^\d{1,8}$/.test(text) || Number(text) < MIN_MAX_BYTES || Number(text) > MAX_MAX_BYTES)
    throw new UsageError(`--max-bytes: a whole number of bytes from ${MIN_MAX_BYTES} to ${MAX_MAX_BYTES}, not "${text.slice(0, 40)}"`);
  return Number(text);
}

export function parseMcpOptions(ctx: Context, raw: RawGlobalOptions & { maxReads?: unknown; maxBytes?: unknown; allowPitches?: unknown }): McpOptions {
  const flags = parseFlags(raw, ctx.today());
  const maxReads = parseMaxReads(raw.maxReads);
  const maxBytes = parseMaxBytes(raw.maxBytes);
  // stdout carries protocol messages only: nothing else is printed there.
  const session = parseSessionOptions(ctx, { ...flags, quiet: true });
  return {
    command: 'mcp',
    maxReads,
    maxBytes,
    allowPitches: raw.allowPitches === true,
    session,
    demo: session.demo,
    ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
  };
}
