/**
 * Perception per engine (GET /brand-perception): how many engines know and recommend the
 * brand, what each says, then what AI gets right and what it gets wrong (with the truth).
 */
import { escapeMarkup, html } from '../escape.js';
import { engineLabel, enginesNamed, listOf, num, obj, records, table, tag, text, yesNo, type Obj, type SectionView, typed } from './kit.js';

export const perception: SectionView = {
  title: 'Perception',
  lead: 'What each AI engine knows and says about the brand.',
  known: (data): data is Obj =>
    listOf(data, 'engines', 'engine', { label: 'string', sentiment: 'string', says: 'string', knows: 'boolean', recommends: 'boolean' }) &&
    typed(data, { summary: 'object', scanned_at: 'string' }),
  fields: ['period', 'scanned_at', 'summary', 'right', 'wrong', 'engines'],
  // An engine's weekly history is the trend of what the table says now.
  records: {
    engines: { name: 'engine', known: ['engine', 'label', 'knows', 'recommends', 'sentiment', 'says', 'history'] },
    right: { name: 'claim', known: ['claim', 'engines'] },
    wrong: { name: 'claim', known: ['claim', 'truth', 'engines'] },
  },
  async render(data, ctx) {
    const { fmt } = ctx;
    const summary = obj(data, 'summary');
    const count = (k: string) => {
      const v = summary === null ? null : num(summary, k);
      return v === null ? '–' : fmt.number(v);
    };
    const scanned = text(data, 'scanned_at');
    const lede =
      summary === null
        ? ''
        : `<p class="lede">Of <strong>${escapeMarkup(count('engines'))}</strong> engines, <strong>${escapeMarkup(count('knows'))}</strong> know the brand and <strong>${escapeMarkup(count('recommends'))}</strong> recommend it${scanned === null ? '' : ` <span class="muted small">(scanned ${html(fmt.isoTime(scanned))})</span>`}.</p>`;
    const engines = table(
      ['Engine', 'Knows', 'Recommends', 'Sentiment', 'What it says'],
      records(data, 'engines').map((e) => {
        const sentiment = text(e, 'sentiment');
        return [html(engineLabel(ctx, e)), yesNo(e.knows), yesNo(e.recommends), sentiment === null ? '' : tag(sentiment), html(text(e, 'says') ?? '')];
      }),
    );
    const right = records(data, 'right');
    const wrong = records(data, 'wrong');
    const claims = [
      right.length === 0
        ? ''
        : `<h4>What AI gets right</h4>${table(
            ['Claim', 'Engines'],
            right.map((r) => [html(text(r, 'claim') ?? ''), enginesNamed(ctx, r)]),
          )}`,
      wrong.length === 0
        ? ''
        : `<h4>What AI gets wrong</h4>${table(
            ['Claim', 'The truth', 'Engines'],
            wrong.map((w) => [`<span class="bad">${html(text(w, 'claim') ?? '')}</span>`, html(text(w, 'truth') ?? ''), enginesNamed(ctx, w)]),
          )}`,
    ];
    return [lede, engines, ...claims].join('\n');
  },
};
