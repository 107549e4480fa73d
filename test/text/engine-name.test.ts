/** One name per engine (src/text/engine-name.ts): the answer's label, the known label, else the id. */
import { describe, expect, it } from 'vitest';
import { engineLabelsIn, engineName } from '../../src/text/engine-name.js';

describe('engineName', () => {
  it('the known labels', () => {
    expect(['chatgpt', 'perplexity', 'gemini', 'claude', 'copilot'].map((e) => engineName(e))).toEqual([
      'ChatGPT',
      'Perplexity',
      'Gemini',
      'Claude',
      'Copilot',
    ]);
  });

  it('a label the answer gives wins; a blank one does not; an unknown id is itself', () => {
    expect(engineName('chatgpt', new Map([['chatgpt', 'ChatGPT (search)']]))).toBe('ChatGPT (search)');
    expect(engineName('claude', new Map([['claude', '  ']]))).toBe('Claude');
    expect(engineName('grok')).toBe('grok');
    expect(engineName('constructor')).toBe('constructor');
  });

  it('reads {engine, label} pairs from an answer, first found first', () => {
    const labels = engineLabelsIn({
      engines: [
        { engine: 'x', label: 'X One' },
        { engine: 'x', label: 'X Two' },
        { engine: 'y', label: '' },
      ],
      n: null,
    });
    expect([...labels]).toEqual([['x', 'X One']]);
  });
});
