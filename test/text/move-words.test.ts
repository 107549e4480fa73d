/**
 * The words of a move (src/text/move-words.ts), which `vis changes` on a terminal, its
 * notifications and the report's "What changed" share: an answer state reads as the
 * legends write it (`no answer`), never as the API's `no_answer`.
 */
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/domain/changes.js';
import { renderChangesView } from '../../src/output/views/changes.js';
import { slackMessage, teamsMessage } from '../../src/output/notify.js';
import { moveWords as reportMoveWords } from '../../src/report/sections/changes.js';
import { moveWords, stateWord } from '../../src/text/move-words.js';

function stateChange(before: string | null, after: string | null, over: Partial<Change> = {}): Change {
  return {
    kind: 'answer_state',
    move: 'changed',
    news: 'loss',
    brand: { id: '101', name: 'Northwind CRM' },
    market: { code: 'US-en', label: null },
    subject: 'security-gdpr-soc2',
    label: null,
    engine: 'gemini',
    path: 'prompts[security-gdpr-soc2].engines.gemini.state',
    before,
    after,
    delta: null,
    points: null,
    endpoint: 'prompts',
    item: '',
    query: '',
    ...over,
  };
}

const plain = { text: (s: string) => s, skipNamed: false };

describe('an answer state in a move', () => {
  it('reads as the legends write it, in every medium', () => {
    expect(moveWords(stateChange('no_answer', 'absent'), plain)).toBe('no answer → absent');
    expect(moveWords(stateChange('open', 'no_answer'), plain)).toBe('open → no answer');
    expect(moveWords(stateChange('recommended', null), plain)).toBe('recommended → –');
    // The report's What changed.
    expect(reportMoveWords(stateChange('no_answer', 'absent'))).toBe('no answer → absent');
    // vis changes on a terminal.
    const result = { from: '2026-11-19', to: '2026-11-20', sinceFallback: false, changes: [stateChange('no_answer', 'absent')], notCompared: [], compared: [] };
    const out = renderChangesView(result, { width: 80, color: false, wide: false, threshold: 5, since: undefined });
    expect(out).toContain('Gemini  no answer → absent');
    expect(out).not.toContain('no_answer');
    // Its notifications.
    expect(JSON.stringify(slackMessage(result))).toContain('Gemini: no answer → absent');
    expect(JSON.stringify(teamsMessage(result))).not.toContain('no_answer');
    expect(stateWord('no_answer')).toBe('no answer');
  });

  it('touches only states: a text that holds an underscore stays as recorded', () => {
    const title = stateChange('old_title', 'new_title', { kind: 'technical', engine: null });
    expect(moveWords(title, plain)).toBe('old_title → new_title');
  });
});
