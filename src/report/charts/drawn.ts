/**
 * The charts vis has drawn, kept in its cache folder ($XDG_CACHE_HOME/vis/charts) by a hash
 * of what Vega-Lite was given (the whole spec, data included) and of the Vega and Vega-Lite
 * versions that drew them: the same plan always draws the same bytes, so a report made
 * again from the same answers (an agency's run after its morning export) draws nothing and
 * never loads Vega. A different plan, or another Vega, has another name.
 *
 * The folder is trusted no more than any file read back: it is used only when it is this
 * user's and nobody else can write to it, each file is read without following a link, and
 * its SVG is taken only when the file names its own key, its checksum matches, and it
 * passes the same check as a fresh drawing (src/report/charts/svg-safety.ts). Anything
 * else is drawn again. Files are written atomically, 0600; the oldest are removed past
 * MAX_FILES. Any failure only means drawing.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_PREFIX, writeFileAtomically } from '../../fs/atomic-write.js';
import { envCacheDir, usablePrivateDir } from '../../fs/private-dir.js';
import { readRegularFile } from '../../fs/safe-file.js';
import { svgProblem } from './svg-safety.js';

/** The Vega and Vega-Lite versions the build bundles (scripts/build.mjs); from source, none. */
declare const __VIS_CHART_LIBS__: string;
const DRAWN_BY = typeof __VIS_CHART_LIBS__ === 'string' ? __VIS_CHART_LIBS__ : 'source';

const MAGIC = 'vis-chart-1';
/** Enough for every chart of a few agencies' reports; past it the oldest go. */
export const MAX_FILES = 400;
/** A chart's SVG is some tens of kB: a file far larger is not one of these. */
const MAX_BYTES = 4 * 1024 * 1024;

export interface DrawnCharts {
  /** The SVG drawn for `spec` before, checked; undefined when there is none usable. */
  read(spec: unknown): string | undefined;
  /** Keeps what `spec` drew (already checked by the drawing). */
  write(spec: unknown, svg: string): void;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The key of a plan's drawing: its spec and the libraries that draw it. */
export function drawingKey(spec: unknown): string {
  return sha256(`${DRAWN_BY}\n${JSON.stringify(spec)}`);
}

/** The cache of `env`'s cache folder, or undefined when the environment names none (no HOME, no XDG_CACHE_HOME). */
export function drawnCharts(env: Readonly<Record<string, string | undefined>>): DrawnCharts | undefined {
  const base = envCacheDir(env);
  if (base === undefined) return undefined;
  const dir = join(base, 'charts');
  let usable: boolean | undefined;
  let pruned = false;
  const ready = () => {
    try {
      usable ??= usablePrivateDir(dir);
    } catch {
      usable = false;
    }
    return usable;
  };
  return {
    read(spec) {
      if (!ready()) return undefined;
      const key = drawingKey(spec);
      try {
        const bytes = readRegularFile(join(dir, `${key}.svg`));
        return bytes.length <= MAX_BYTES ? checked(bytes.toString('utf8'), key) : undefined;
      } catch {
        return undefined;
      }
    },
    write(spec, svg) {
      if (!ready()) return;
      const key = drawingKey(spec);
      try {
        if (!pruned) prune(dir);
        pruned = true;
        writeFileAtomically(join(dir, `${key}.svg`), `${MAGIC} ${key} ${sha256(svg)}\n${svg}`, { mode: 0o600 });
      } catch {
        // Not kept: the next report draws it again.
      }
    },
  };
}

/** The SVG of a file's text when its header names `key` and the SVG's checksum, and the SVG is static. */
function checked(text: string, key: string): string | undefined {
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  const [magic, named, sum, ...rest] = text.slice(0, end).split(' ');
  const svg = text.slice(end + 1);
  if (magic !== MAGIC || named !== key || rest.length > 0 || sum !== sha256(svg)) return undefined;
  return svgProblem(svg) === null ? svg : undefined;
}

/** Removes the oldest drawings past MAX_FILES, once per process, before the first new one. */
function prune(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.svg') && !n.startsWith(TEMP_PREFIX));
  if (names.length < MAX_FILES) return;
  const aged = names
    .map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    })
    .sort((a, b) => a.t - b.t);
  for (const { n } of aged.slice(0, names.length - MAX_FILES + 1)) {
    try {
      unlinkSync(join(dir, n));
    } catch {
      // Gone already.
    }
  }
}
