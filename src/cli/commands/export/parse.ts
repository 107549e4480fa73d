/**
 * `vis export`: everything on the command line (src/export/options.ts), that --dir can be
 * written, the settings and the file format, checked before any request (exit 2, nothing
 * spent, nothing created).
 */
import { parseExportOptions, resolveExportFormat, type ExportFormat, type ExportOptions, type RawExportOptions } from '../../../export/options.js';
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../../../errors.js';
import { ownFolderProblem } from '../../../fs/inside-folder.js';
import { refuseUnsafeDir } from '../../../export/journal.js';
import type { Context } from '../../../services/context.js';
import type { ParsedOptions } from '../../declare.js';
import { parseSessionOptions, type SessionOptions } from '../../../services/session.js';

export interface ExportCommandOptions extends ParsedOptions {
  command: 'export';
  export: ExportOptions;
  session: SessionOptions;
  /** --format, else VIS_FORMAT or the profile's when csv or json, else csv. */
  format: ExportFormat;
}

export function parseExportCommand(ctx: Context, raw: RawExportOptions): ExportCommandOptions {
  const opts = parseExportOptions(raw, ctx.today());
  checkExportDir(opts.dir);
  const session = parseSessionOptions(ctx, opts.flags);
  return { command: 'export', export: opts, session, format: resolveExportFormat(opts, session.settings.format) };
}

/**
 * --dir must be a folder that can be written, or a path that can be created; an existing
 * one must be the user's own and closed to other users. Checked before any request.
 */
export function checkExportDir(dir: string): void {
  let existing = dir;
  for (;;) {
    try {
      const st = statSync(existing);
      if (!st.isDirectory()) {
        throw new UsageError(
          existing === dir ? `--dir must be a folder, not a file (got "${dir}")` : `--dir: ${existing} is a file, so ${dir} cannot be created`,
        );
      }
      break;
    } catch (err) {
      if (err instanceof UsageError) throw err;
      const parent = dirname(existing);
      if (parent === existing) throw new UsageError(`--dir: no part of ${dir} exists`);
      existing = parent;
    }
  }
  if (existing === dir) refuseUnsafeDir(ownFolderProblem(dir));
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch {
    throw new UsageError(existing === dir ? `--dir: ${dir} is not writable` : `--dir: ${dir} cannot be created: ${existing} is not writable`);
  }
}
