/**
 * Answer text for runs, written the way answer engines write: a short intro, a numbered
 * list of the companies named (in the run's order, which is what `position` counts), a
 * closing line. Engines that search the web put citation markers in the text.
 */
import { localize, type Lang } from './catalog.js';
import type { MarketModel, Run } from './model.js';
import { rngFor } from './prng.js';

interface Phrases {
  intros: readonly string[];
  item: (index: number, name: string, knownFor: string) => string;
  closingPick: (name: string) => string;
  closings: readonly string[];
  generic: readonly string[];
  genericAdvice: readonly string[];
}

const PHRASES: Readonly<Record<Lang, Phrases>> = {
  en: {
    intros: [
      'Here are the {category} options people shortlist most often:',
      'A few names come up again and again for this:',
      'Based on reviews, pricing and what users report, these are worth a look:',
    ],
    item: (index, name, knownFor) => `${index}. ${name}: known for ${knownFor}.`,
    closingPick: (name) => `If you only want to try one, ${name} is the safest starting point.`,
    closings: [
      'Shortlist two or three and compare them on what matters most to you.',
      'Read a few recent reviews before deciding; quality can change quickly.',
      'Prices change often, so confirm the current ones on each site.',
    ],
    generic: [
      'There is no single right answer here; it depends on your needs, your budget and what you already use.',
      'It depends on what matters most to you, so it is worth being clear about that first.',
    ],
    genericAdvice: [
      'Write down the three things you need most, compare how each option handles them, and use free trials before committing.',
      'Independent reviews and conversations with peers are a better guide than marketing pages.',
    ],
  },
  de: {
    intros: [
      'Diese {category}-Lösungen werden am häufigsten empfohlen:',
      'Einige Namen tauchen dafür immer wieder auf:',
      'Nach Bewertungen, Preisen und Erfahrungsberichten lohnen sich vor allem diese:',
    ],
    item: (index, name, knownFor) => `${index}. ${name}: bekannt für ${knownFor}.`,
    closingPick: (name) => `Wenn du nur eine Lösung ausprobieren willst, ist ${name} der sicherste Startpunkt.`,
    closings: [
      'Am besten vergleichst du zwei oder drei davon anhand dessen, was dir am wichtigsten ist.',
      'Lies vor der Entscheidung ein paar aktuelle Bewertungen; die Qualität kann sich schnell ändern.',
      'Die Preise ändern sich häufig, daher lohnt ein Blick auf die aktuellen Angebote.',
    ],
    generic: [
      'Eine pauschale Antwort gibt es nicht: Es hängt von deinen Anforderungen, deinem Budget und dem ab, was du bereits nutzt.',
      'Das hängt stark davon ab, was dir am wichtigsten ist.',
    ],
    genericAdvice: [
      'Schreib die drei wichtigsten Anforderungen auf, vergleiche die Kandidaten daran und nutze kostenlose Testphasen.',
      'Unabhängige Bewertungen und Erfahrungen anderer helfen mehr als Werbeversprechen.',
    ],
  },
};

/** Engines that search the web mark their sources in the text. */
const MARKS_CITATIONS = new Set(['perplexity', 'copilot']);

/** The answer an engine gave in a run; null when it gave none (`no_answer`). */
export function answerText(model: MarketModel, run: Run): string | null {
  if (!run.answered) return null;
  const phrases = PHRASES[model.lang];
  const rng = rngFor(model.brand.id, model.market.code, run.question.key, run.engine, run.date, 'text');
  const marks = MARKS_CITATIONS.has(run.engine) ? run.citations.map((_, i) => ` [${i + 1}]`) : [];
  if (run.named.length === 0) {
    return `${rng.pick(phrases.generic)} ${rng.pick(phrases.genericAdvice)}${marks[0] ?? ''}`;
  }
  const category = localize(model.catalog.category, model.lang);
  const lines = [rng.pick(phrases.intros).replace('{category}', category)];
  run.named.forEach((name, i) => {
    const company = model.company(name);
    lines.push(phrases.item(i + 1, name, company?.knownFor ?? '') + (marks[i] ?? ''));
  });
  const first = run.named[0];
  lines.push(run.named.length > 1 && first !== undefined && rng.chance(0.5) ? phrases.closingPick(first) : rng.pick(phrases.closings));
  return lines.join('\n');
}

/** The first line of the answer that mentions `name`, for "what AI said" excerpts. */
export function excerptAbout(model: MarketModel, run: Run, name: string): string | null {
  const text = answerText(model, run);
  if (text === null) return null;
  return text.split('\n').find((line) => line.includes(name)) ?? text.split('\n')[0] ?? null;
}
