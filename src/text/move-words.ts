/**
 * What a change did, in words (`32.1 → 25 (-7.1)`, `no answer → absent`, `went`): the
 * one wording `vis changes` on a terminal and the report's "What changed" share. Each
 * medium hands in how it writes a recorded value (sanitised for a terminal, as recorded
 * for HTML, which escapes it later) and, optionally, a figure with its unit; nothing here
 * escapes or colours. An answer state reads as a word (`no answer`), never the API's `no_answer`.
 */
import type { Change, ChangeValue } from '../domain/changes.js';
import { percentScale } from '../domain/shares.js';

export interface MoveWording {
  /** A recorded text as the medium writes it. */
  text(s: string): string;
  /** An item of a shape vis does not know that the subject already names (`issues[No schema]`) is not said twice. */
  skipNamed: boolean;
  /** How the medium writes a known kind's figure and its move, with their units; without it, numbers read as recorded. */
  figures?: MoveFigures;
}

/** What a known kind's number measures. */
export type Measure = 'visibility' | 'share of voice';

export interface MoveFigures {
  /** A value at the scale of 0–100 (`47.1` → `47.1%`). */
  value(measure: Measure, v: number): string;
  /** A move in points, signed (`-27.9` → `-27.9 pp`). */
  points(measure: Measure, v: number): string;
}

/** The measure each known kind's number is. */
const MEASURE: Partial<Record<Change['kind'], Measure>> = { visibility: 'visibility', topic: 'visibility', competitor: 'share of voice' };

/** An answer state as the legends say it: `no answer`, not `no_answer`. */
export function stateWord(state: string): string {
  return state.replace(/_/g, ' ');
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** A recorded value as it reads: numbers as recorded, texts as the medium writes them, nothing as `–`. */
export function valueWords(v: ChangeValue, w: MoveWording): string {
  if (v === null) return '–';
  return typeof v === 'string' ? w.text(v) : String(v);
}

function named(c: Change, v: ChangeValue): boolean {
  return c.kind === 'other' && c.subject.endsWith(`[${String(v)}]`);
}

/**
 * A known kind's move in figures with their units (`75.0% → 47.1% (-27.9 pp)`,
 * `appeared (share of voice 14.5%)`); undefined for any other move. A 0–1 share reads ×100:
 * its move in points differs from its delta (or, alone, its values say so).
 */
function figureMove(c: Change, f: MoveFigures): string | undefined {
  const measure = MEASURE[c.kind];
  const values = [c.before, c.after];
  if (measure === undefined || !values.every((v) => v === null || typeof v === 'number')) return undefined;
  const before = c.before as number | null;
  const after = c.after as number | null;
  const moved = c.delta !== null && c.points !== null;
  const scale = moved ? (c.points !== c.delta ? 100 : 1) : percentScale(measure, values);
  const value = (v: number | null) => (v === null ? '–' : f.value(measure, v * scale));
  if ((c.move === 'up' || c.move === 'down') && moved) return `${value(before)} → ${value(after)} (${f.points(measure, c.points as number)})`;
  if (c.move === 'appeared') return after === null ? 'appeared' : `appeared (${measure} ${value(after)})`;
  if (c.move === 'went') return before === null ? 'went' : `went (${measure} was ${value(before)})`;
  return undefined;
}

/** What happened to `c`, in words; a move this version does not know reads as its before → after. */
export function moveWords(c: Change, w: MoveWording): string {
  const figures = w.figures === undefined ? undefined : figureMove(c, w.figures);
  if (figures !== undefined) return figures;
  // An answer state is a word of the API's (`no_answer`): said as the legends say it.
  const value = (v: ChangeValue) => valueWords(c.kind === 'answer_state' && typeof v === 'string' ? stateWord(v) : v, w);
  const arrow = `${value(c.before)} → ${value(c.after)}`;
  const said = (v: ChangeValue) => w.skipNamed && named(c, v);
  switch (c.move) {
    case 'up':
    case 'down':
      return c.delta === null ? arrow : c.points !== null && c.points !== c.delta ? `${arrow} (${signed(c.points)} pp)` : `${arrow} (${signed(c.delta)})`;
    case 'appeared':
      return c.after === null || said(c.after) ? 'appeared' : `appeared (${value(c.after)})`;
    case 'went':
      return c.before === null || said(c.before) ? 'went' : `went (was ${value(c.before)})`;
    case 'first_citation':
      return `first citation (${value(c.before ?? 0)} → ${value(c.after)})`;
    case 'last_citation_lost':
      return `last citation lost (${value(c.before)} → ${value(c.after ?? 0)})`;
    case 'resolved':
      return 'resolved';
    default:
      return arrow;
  }
}
