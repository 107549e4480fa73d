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
  session: SessionOptions;
}

export const DEFAULT_MAX_READS = 20;

/** A whole number from 0 to 100000, or a usage error naming the flag. */
export function parseMaxReads(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_READS;
  const text = String(value);
  if (!/^\d{1,6}$/.test(text) || Number(text) > 100000) throw new UsageError(`--max-reads: a whole number from 0 to 100000, not "${text.slice(0, 40)}"`);
  return Number(text);
}

export function parseMcpOptions(ctx: Context, raw: RawGlobalOptions & { maxReads?: unknown }): McpOptions {
  const flags = parseFlags(raw, ctx.today());
  const maxReads = parseMaxReads(raw.maxReads);
  // stdout carries protocol messages only: nothing else is printed there.
  return { command: 'mcp', maxReads, session: parseSessionOptions(ctx, { ...flags, quiet: true }) };
}
