/**
 * What an API word means for the brand, as a colour means it: severities, content actions,
 * task and pitch states. The terminal's views (src/output/views/marks.ts) and the report's
 * tags (src/report/sections/kit.ts) read the same table, so red, amber and green say the
 * same thing on screen and on paper.
 */

export type Tone = 'alarm' | 'bad' | 'warn' | 'info' | 'good' | 'muted';

const TONES: Readonly<Record<string, Tone>> = {
  critical: 'alarm',
  high: 'bad',
  medium: 'warn',
  low: 'muted',
  write: 'warn',
  improve: 'info',
  leave: 'good',
  todo: 'warn',
  open: 'warn',
  in_progress: 'info',
  done: 'good',
  ready: 'good',
  pending: 'warn',
  processing: 'info',
  failed: 'bad',
};

/**
 * The tone of a word as the API sends it, or undefined for a word vis does not know: the
 * table's own words only, never a name of Object's prototype (`constructor`).
 */
export function toneOf(word: string): Tone | undefined {
  return Object.hasOwn(TONES, word) ? TONES[word] : undefined;
}
