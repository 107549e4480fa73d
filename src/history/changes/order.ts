/**
 * Worst news first: losses of presence (a topic that went, an answer state that got
 * worse, a page's last citation lost, a technical issue that appeared), then drops by
 * size, then rivals gaining (a competitor that appeared, or whose share of voice rose),
 * then changes vis cannot judge (a text, a state it does not know), then gains. Within
 * each, what has no size (appeared, went, a state) before what has, larger moves before
 * smaller; ties by brand, market, kind, subject, engine and path, so the order never
 * depends on the order the answers were read in.
 */
import { CHANGE_KINDS, NEWS_ORDER, type Change, type ChangeKind } from '../../domain/changes.js';

const KIND_ORDER: readonly ChangeKind[] = [...CHANGE_KINDS, 'other'];

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function size(c: Change): number {
  return c.points === null ? Number.POSITIVE_INFINITY : Math.abs(c.points);
}

export function compareChanges(a: Change, b: Change): number {
  return (
    NEWS_ORDER.indexOf(a.news) - NEWS_ORDER.indexOf(b.news) ||
    size(b) - size(a) ||
    text(a.brand.name, b.brand.name) ||
    text(a.brand.id, b.brand.id) ||
    text(a.market?.code ?? '', b.market?.code ?? '') ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    text(a.subject, b.subject) ||
    text(a.engine ?? '', b.engine ?? '') ||
    text(a.path, b.path)
  );
}

export function byWorstNews(changes: readonly Change[]): Change[] {
  return [...changes].sort(compareChanges);
}
