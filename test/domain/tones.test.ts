/**
 * One meaning per API word, for the terminal's colours and the report's tags alike; a word
 * that is only a name on Object's prototype (`constructor`, `toString`) is a word vis does
 * not know, never a crash.
 */
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { toneOf as toneOfWord } from '../../src/domain/tones.js';
import { toneOf } from '../../src/output/views/marks.js';
import { tag } from '../../src/report/sections/kit.js';

const chalk = new Chalk({ level: 1 });
const PROTOTYPE_WORDS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('tones', () => {
  it.each([
    ['critical', 'alarm'],
    ['high', 'bad'],
    ['medium', 'warn'],
    ['low', 'muted'],
    ['write', 'warn'],
    ['improve', 'info'],
    ['leave', 'good'],
    ['todo', 'warn'],
    ['open', 'warn'],
    ['in_progress', 'info'],
    ['done', 'good'],
    ['ready', 'good'],
    ['pending', 'warn'],
    ['processing', 'info'],
    ['failed', 'bad'],
  ])('%s is %s', (word, tone) => {
    expect(toneOfWord(word)).toBe(tone);
  });

  it.each(PROTOTYPE_WORDS)('%s is a word vis does not know: no tone, plain in the terminal and in the report', (word) => {
    expect(toneOfWord(word)).toBeUndefined();
    expect(toneOf(word, chalk)(word)).toBe(word);
    expect(tag(word)).toBe(`<span class="tag">${word.replace(/_/g, ' ')}</span>`);
  });

  it('the terminal and the report colour a word alike', () => {
    expect(toneOf('critical', chalk)('x')).toBe(chalk.bold.red('x'));
    expect(toneOf('done', chalk)('x')).toBe(chalk.green('x'));
    expect(tag('critical')).toBe('<span class="tag alarm">critical</span>');
    expect(tag('in_progress')).toBe('<span class="tag info">in progress</span>');
  });
});
