/**
 * Items flowed over lines (src/output/views/flow.ts): an item that is a URL is never
 * shortened nor broken; it goes on a line of its own when it does not fit.
 */
import { describe, expect, it } from 'vitest';
import { flowLines } from '../../../src/output/views/flow.js';

const URL = 'https://www.reddit.com/r/CRM/comments/biyyc/is_salesforge_still_worth_it_in_2026/';
const item = (text: string) => [{ text }];

describe('flowLines keeps a URL item whole', () => {
  it('a URL wider than the line: on its own line, whole; the items around it on theirs', () => {
    expect(flowLines([item('r/CRM'), item('2026-11-21'), item(URL), item('12 replies')], 40, { sep: { text: ' · ' } })).toEqual([
      'r/CRM · 2026-11-21',
      URL,
      '12 replies',
    ]);
  });

  it('a URL that fits the width but not the line starts the next line', () => {
    const short = 'https://g2.com/categories/sales-crm';
    expect(flowLines([item('r/CRM'), item(short)], 40, { sep: { text: ' · ' } })).toEqual(['r/CRM', short]);
  });

  it('after a lead, a URL too wide goes below it, with no indent to push it past the edge', () => {
    expect(flowLines([item(URL), item('next')], 40, { lead: [{ text: '  ' }, { text: 'Share: ' }] })).toEqual(['  Share:', URL, '         next']);
  });

  it('after a lead of spaces only, the URL too wide for the room goes without it', () => {
    expect(flowLines([item(URL)], 40, { lead: [{ text: '    ' }] })).toEqual([URL]);
    expect(flowLines([item(URL)], 40, { lead: [{ text: '    ' }], hang: 2 })).toEqual([URL]);
  });

  it('at a width too narrow to wrap, still whole', () => {
    expect(flowLines([item(URL)], 8, { lead: [{ text: '    ' }] })).toEqual([URL]);
  });

  it('a URL that fits after its indent keeps it', () => {
    expect(flowLines([item('https://a.example/x')], 40, { lead: [{ text: '    ' }] })).toEqual(['    https://a.example/x']);
  });

  it('a sentence with a URL in it wraps around the URL, which stays whole', () => {
    expect(flowLines([item(`Read ${URL} first`)], 40)).toEqual(['Read', URL, 'first']);
  });

  it('an item of several parts too wide goes on at spaces: only a word wider than the line is cut, never a URL', () => {
    expect(flowLines([item('Salesforge'), [{ text: 'a-very-long-token-without-spaces-at-all' }, { text: 'x' }]], 20)).toEqual([
      'Salesforge',
      'a-very-long-token-w…',
    ]);
    expect(flowLines([[{ text: 'at ' }, { text: URL }]], 20)).toEqual(['at', URL]);
    const rivals = [{ text: 'rivals named instead ' }, { text: 'Hubbard CRM, Pipewell, Closely' }];
    expect(flowLines([rivals], 50)).toEqual(['rivals named instead Hubbard CRM, Pipewell,', 'Closely']);
    const lead = [{ text: 'Perception' }, { text: '  ' }];
    expect(
      flowLines([[{ text: '5 of 5' }, { text: ' engines know Copperline Payments' }], [{ text: '4 of 5 recommend it' }]], 50, { lead, sep: { text: ' · ' } }),
    ).toEqual(['Perception  5 of 5 engines know Copperline', '            Payments', '            4 of 5 recommend it']);
  });
});

describe('flowLines hang', () => {
  it('later lines start further in by the hang; the first line does not', () => {
    const items = [item('copilot'), item('2026-11-22 03:47 UTC'), item('mentioned'), item('named at position 4')];
    expect(flowLines(items, 32, { sep: { text: ' · ' }, hang: 2 })).toEqual(['copilot · 2026-11-22 03:47 UTC', '  mentioned', '  named at position 4']);
    expect(flowLines(items, 32, { sep: { text: ' · ' } })).toEqual(['copilot · 2026-11-22 03:47 UTC', 'mentioned · named at position 4']);
  });
});
