/**
 * The headline figures (GET /overview): the visibility score and its change, share of
 * voice, AI readiness and AI visits, as four large figures. A figure the plan does not
 * measure (AI visits on Monitor: `ai_traffic` null) says so instead of a number.
 */
import { escapeMarkup } from '../escape.js';
import type { Formats } from '../format.js';
import { isObj, num, obj, shareReader, spanText, windowOf, type Obj, type SectionView, typed } from './kit.js';

function card(label: string, value: string, change: string, sub: string): string {
  return `<div class="card"><div class="label">${escapeMarkup(label)}</div><div class="figure">${value}</div><div class="sub">${change} ${escapeMarkup(sub)}</div></div>`;
}

function figureOr(v: number | null, format: (v: number) => string, none = 'not measured'): string {
  return v === null ? `<span class="muted small">${escapeMarkup(none)}</span>` : escapeMarkup(format(v));
}

export function headlineCards(data: Obj, fmt: Formats): string {
  const visibility = obj(data, 'visibility') ?? {};
  const share = obj(data, 'share_of_voice') ?? {};
  const traffic = obj(data, 'ai_traffic');
  const readiness = num(data, 'readiness_score');
  const visits = traffic === null ? null : num(traffic, 'ai_visits');
  const percent = shareReader('share_of_voice', [share.value]);
  return `<div class="cards">${[
    card('Visibility score', figureOr(num(visibility, 'score'), fmt.score), fmt.change(num(visibility, 'change'), 'points', 'higher'), 'out of 100'),
    card(
      'Share of voice',
      figureOr(percent(num(share, 'value')), fmt.percent),
      fmt.change(percent(num(share, 'change')), 'points', 'higher'),
      'of brands named',
    ),
    card('AI readiness', figureOr(readiness, fmt.number), '', 'technical scan, out of 100'),
    card(
      'AI visits',
      figureOr(visits, fmt.number, traffic === null ? 'not in this plan' : 'not measured'),
      traffic === null ? '' : fmt.change(num(traffic, 'ai_visits_change_pct'), 'percent', 'higher'),
      'visits from AI answers',
    ),
  ].join('')}</div>`;
}

export const headline: SectionView = {
  title: 'Headline figures',
  lead: 'Where the brand stands in AI answers this period.',
  known: (data): data is Obj =>
    isObj(data) &&
    typed(data.visibility, { score: 'number', change: 'number' }) &&
    typed(data.share_of_voice, { value: 'number', change: 'number' }) &&
    typed(data, { readiness_score: 'number', ai_traffic: 'object' }),
  fields: [
    'period',
    'visibility',
    'share_of_voice',
    'position',
    'citations',
    'rivals',
    'daily',
    'perception',
    'cited_pages',
    'weakest_topics',
    'ai_traffic',
    'readiness_score',
    'open_tasks',
  ],
  records: {},
  // The overview is read for the report's period: its changes are the period's, which the
  // trend's latest week need not agree with, so each says its own window.
  render: async (data, ctx) => {
    const period = windowOf(data.period) ?? ctx.model.period;
    return `<p class="small muted">Over ${escapeMarkup(spanText(period, ctx.fmt))}; each change is over the same days.</p>\n${headlineCards(data, ctx.fmt)}`;
  },
};
