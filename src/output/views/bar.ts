/**
 * Horizontal bars in eighths of a cell (`█▉▊▋▌▍▎▏`): `bar(0.5, 10)` is five full cells.
 * A value above zero always shows at least a sliver, so a small share is not mistaken
 * for none.
 */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

function clamp(fraction: number): number {
  if (!Number.isFinite(fraction) || fraction < 0) return 0;
  return Math.min(1, fraction);
}

/** The filled part of a bar `width` cells long; its display width is at most `width`. */
export function bar(fraction: number, width: number): string {
  if (width <= 0) return '';
  let eighths = Math.round(clamp(fraction) * width * 8);
  if (eighths === 0 && fraction > 0) eighths = 1;
  const full = Math.floor(eighths / 8);
  return '█'.repeat(full) + (EIGHTHS[eighths % 8] ?? '');
}

/** A gauge: the filled part and the empty track after it (`░`), together exactly `width` cells. */
export function gauge(fraction: number, width: number): { filled: string; track: string } {
  if (width <= 0) return { filled: '', track: '' };
  const cells = Math.round(clamp(fraction) * width);
  const filled = cells === 0 && fraction > 0 ? 1 : cells;
  return { filled: '█'.repeat(filled), track: '░'.repeat(width - filled) };
}
