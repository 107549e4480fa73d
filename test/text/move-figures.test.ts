/** The words of a move with the medium's units (src/text/move-words.ts), and a state as its word. */
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/domain/changes.js';
import { moveWords, stateWord } from '../../src/text/move-words.js';
import { sanitizeForTerminal } from '../../src/text/sanitize.js';

const change = (c: Partial<Change>): Change =>
  ({ kind: 'answer_state', move: 'changed', before: null, after: null, delta: null, points: null, subject: 'q', ...c }) as Change;
const terminal = { text: sanitizeForTerminal, skipNamed: true };

describe('the words of a move, shared by the terminal, the notifications and the report', () => {
  it('an answer state reads as the legends say it, never the API’s word', () => {
    expect(moveWords(change({ before: 'no_answer', after: 'absent' }), terminal)).toBe('no answer → absent');
    expect(moveWords(change({ before: 'open', after: 'no_answer' }), terminal)).toBe('open → no answer');
    expect(stateWord('in_some_state')).toBe('in some state');
  });

  it('only a state is worded: another kind’s recorded text stays as recorded', () => {
    expect(moveWords(change({ kind: 'other', before: 'a_b', after: 'c_d' }), terminal)).toBe('a_b → c_d');
  });

  it('a known kind’s figures take the medium’s units when it gives them, else read as recorded', () => {
    const c = change({ kind: 'competitor', move: 'up', before: 17, after: 22.8, delta: 5.8, points: 5.8 });
    expect(moveWords(c, terminal)).toBe('17 → 22.8 (+5.8)');
    const figures = { value: (m: string, v: number) => `${m}:${v.toFixed(1)}%`, points: (_m: string, v: number) => `${v} pp` };
    expect(moveWords(c, { ...terminal, figures })).toBe('share of voice:17.0% → share of voice:22.8% (5.8 pp)');
    // A move whose figures say nothing (a resolved issue) keeps its words.
    expect(moveWords(change({ kind: 'technical', move: 'resolved', before: 'high' }), { ...terminal, figures })).toBe('resolved');
  });
});
