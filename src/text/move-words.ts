/**
 * What a change did, in words (`32.1 → 25 (-7.1)`, `no answer → absent`, `went`): the
 * one wording `vis changes` on a terminal and the report's "What changed" share. Each
 * medium hands in how it writes a recorded value (sanitised for a terminal, as recorded
 * for HTML, which escapes it later); nothing here escapes or colours.
 */
import type { Change, ChangeValue } from '../domain/changes.js';

export interface MoveWording {
  /** A recorded text as the medium writes it. */
  text(s: string): string;
  /** An item of a shape vis does not know that the subject already names (`issues[No schema]`) is not said twice. */
  skipNamed: boolean;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** A recorded value as it reads: numbers as recorded, texts as the medium writes them, nothing as `–`. */
export function valueWords(v: ChangeValue, w: MoveWording): string {
  if (v === null) return '–';
  return typeof v === 'string' ? w.text(v) : String(v);
}

/**
 * An answer state in the words the legends and tables use: `no answer`, not the API's
 * `no_answer` (a state added later reads the same way, its underscores as spaces).
 */
export function stateWords(state: string): string {
  return state.replace(/_/g, ' ');
}

function named(c: Change, v: ChangeValue): boolean {
  return c.kind === 'other' && c.subject.endsWith(`[${String(v)}]`);
}

/** What happened to `c`, in words; a move this version does not know reads as its before → after. */
export function moveWords(c: Change, w: MoveWording): string {
  const value = (v: ChangeValue) => valueWords(c.kind === 'answer_state' && typeof v === 'string' ? stateWords(v) : v, w);
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
