/**
 * The notification payloads: Slack's Block Kit message (a header, one section per change
 * worst first, at most 50 blocks and the text Slack takes, ending with "and N more"), Teams' Adaptive Card in the
 * message envelope workflows take, and the server's text escaped for Slack's mrkdwn and
 * kept out of markdown in Teams.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ChangesResult } from '../../src/domain/changes.js';
import { fitting, MAX_BLOCKS, notifyTitle, SLACK_MAX_TEXT, slackMessage, slackText, TEAMS_MAX_BYTES, teamsMessage } from '../../src/output/notify.js';

function change(i: number, over: Partial<Change> = {}): Change {
  return {
    kind: 'topic',
    move: 'down',
    news: 'drop',
    brand: { id: '101', name: 'Northwind CRM' },
    market: { code: 'US-en', label: 'United States (English)' },
    subject: `topic-${i}`,
    label: `Topic ${i}`,
    engine: null,
    path: `topics[topic-${i}].visibility`,
    before: 40,
    after: 30,
    delta: -10,
    points: -10,
    endpoint: 'topics',
    item: '',
    query: '',
    ...over,
  };
}

function result(changes: Change[], over: Partial<ChangesResult> = {}): ChangesResult {
  return { from: '2026-11-19', to: '2026-11-20', sinceFallback: false, changes, notCompared: [], compared: [], ...over };
}

type Block = { type: string; text?: { type: string; text: string }; elements?: Array<{ type: string; text: string }> };

describe('slackMessage', () => {
  it('a header, then one section per change: brand and market, kind, the human words, the move', () => {
    const msg = slackMessage(
      result([
        change(1),
        change(2, {
          kind: 'answer_state',
          move: 'changed',
          news: 'loss',
          label: null,
          subject: 'best crm?',
          engine: 'chatgpt',
          before: 'recommended',
          after: 'absent',
          delta: null,
          points: null,
        }),
      ]),
    ) as { text: string; blocks: Block[] };
    expect(msg.text).toBe('AI visibility: 2 changes from 2026-11-19 to 2026-11-20');
    expect(msg.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'AI visibility: 2 changes from 2026-11-19 to 2026-11-20' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Northwind CRM (US-en)* topic · Topic 1: 40 → 30 (-10)' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Northwind CRM (US-en)* answer state · best crm? · ChatGPT: recommended → absent' } },
    ]);
  });

  it('at most 50 blocks: 48 changes, then "and N more" and what was not compared', () => {
    const many = Array.from({ length: 60 }, (_, i) => change(i));
    const notCompared = [{ kind: 'page' as const, brand: { id: '101', name: 'N' }, market: null, endpoint: 'pages', reason: 'not recorded' }];
    const msg = slackMessage(result(many, { notCompared })) as { blocks: Block[] };
    expect(msg.blocks).toHaveLength(MAX_BLOCKS);
    expect(msg.blocks.filter((b) => b.type === 'section')).toHaveLength(48);
    expect(msg.blocks.at(-1)).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'and 12 more (vis changes lists them all) · 1 not compared' }] });
    expect(msg.blocks[48]!.text!.text).toContain('Topic 47');
  });

  it('exactly 49 changes: 50 blocks, no "more" line; one more makes it 48 and "and 2 more"', () => {
    const all = slackMessage(result(Array.from({ length: 49 }, (_, i) => change(i)))) as { blocks: Block[] };
    expect(all.blocks).toHaveLength(MAX_BLOCKS);
    expect(all.blocks.at(-1)!.type).toBe('section');
    const over = slackMessage(result(Array.from({ length: 50 }, (_, i) => change(i)))) as { blocks: Block[] };
    expect(over.blocks).toHaveLength(MAX_BLOCKS);
    expect(over.blocks.at(-1)!.elements![0]!.text).toBe('and 2 more (vis changes lists them all)');
  });

  it('long text: whole changes while the blocks’ text is within what Slack takes, then "and N more"', () => {
    const long = Array.from({ length: 40 }, (_, i) => change(i, { label: `${i} ${'long topic name '.repeat(60)}` }));
    const msg = slackMessage(result(long)) as { blocks: Block[] };
    const texts = msg.blocks.map((b) => b.text?.text ?? b.elements![0]!.text);
    const total = texts.reduce((n, t) => n + [...t].length, 0);
    expect(total).toBeLessThanOrEqual(SLACK_MAX_TEXT);
    const listed = msg.blocks.filter((b) => b.type === 'section');
    // One more would not have fitted; each is whole.
    expect(total + [...listed[0]!.text!.text].length).toBeGreaterThan(SLACK_MAX_TEXT);
    for (const b of listed) expect(b.text!.text.endsWith('(-10)')).toBe(true);
    expect(msg.blocks.at(-1)!.elements![0]!.text).toBe(`and ${40 - listed.length} more (vis changes lists them all)`);
    expect(listed.length).toBeGreaterThan(5);
  });

  it('whole items while the message with them and the line for the rest is within the limit, exactly at it included', () => {
    // The fixed part depends on how many are listed (the "and N more" line for the rest).
    const fixed = (k: number) => (k < 3 ? 2 : 1);
    expect(fitting([3, 4, 2], fixed, 10)).toBe(3);
    expect(fitting([3, 4, 2], fixed, 9)).toBe(2);
    expect(fitting([3, 4, 2], fixed, 8)).toBe(1);
    expect(fitting([3, 4, 2], fixed, 4)).toBe(0);
    expect(fitting([3, 4, 2], fixed, 5)).toBe(1);
    expect(fitting([], fixed, 0)).toBe(0);
    // An item that does not fit stops the list: a later, smaller one is not taken out of order.
    expect(fitting([3, 9, 1], () => 0, 5)).toBe(1);
  });

  it('text from the server makes no mention, link or channel: & < > escaped', () => {
    const hostile = change(1, { brand: { id: '1', name: '<!channel> & co' }, label: '<https://evil.example|click>' });
    const msg = slackMessage(result([hostile])) as { blocks: Block[] };
    expect(msg.blocks[1]!.text!.text).toBe('*&lt;!channel&gt; &amp; co (US-en)* topic · &lt;https://evil.example|click&gt;: 40 → 30 (-10)');
    expect(slackText('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });

  it('a section is cut to Slack’s 3,000 characters, the header to 150', () => {
    const long = change(1, { label: 'q'.repeat(5000), brand: { id: '1', name: 'b'.repeat(200) } });
    const msg = slackMessage(result([long], { from: '2026-11-19' })) as { blocks: Block[] };
    expect([...msg.blocks[1]!.text!.text]).toHaveLength(3000);
    expect(msg.blocks[1]!.text!.text.endsWith('…')).toBe(true);
    const title = slackMessage(result([long], { from: 'x'.repeat(200) })) as { blocks: Block[] };
    expect([...title.blocks[0]!.text!.text]).toHaveLength(150);
  });

  it('a section of exactly 3,000 characters is kept whole', () => {
    const name = 'n'.repeat(3000 - '** topic · : 40 → 30 (-10)'.length - ' (US-en)'.length);
    const text = (slackMessage(result([change(1, { label: '', brand: { id: '1', name } })])) as { blocks: Block[] }).blocks[1]!.text!.text;
    expect([...text]).toHaveLength(3000);
    expect(text.endsWith('(-10)')).toBe(true);
  });

  it('an item of a shape vis does not know that its subject names is not said twice', () => {
    const other = change(1, {
      kind: 'other',
      move: 'appeared',
      news: 'neutral',
      label: null,
      subject: 'issues[No schema]',
      before: null,
      after: 'No schema',
      delta: null,
      points: null,
    });
    expect((slackMessage(result([other])) as { blocks: Block[] }).blocks[1]!.text!.text).toBe('*Northwind CRM (US-en)* other · issues[No schema]: appeared');
  });

  it('the title when nothing changed, nothing to compare, nothing recorded', () => {
    expect(notifyTitle(result([]))).toBe('AI visibility: no change from 2026-11-19 to 2026-11-20');
    expect(notifyTitle(result([], { from: null }))).toBe('AI visibility: nothing to compare yet (only 2026-11-20 is recorded)');
    expect(notifyTitle(result([], { from: null, to: null }))).toBe('AI visibility: nothing recorded yet');
    expect(notifyTitle(result([change(1)]))).toBe('AI visibility: 1 change from 2026-11-19 to 2026-11-20');
  });

  it('the demo’s: its title says demo data, in Slack’s text, its header and the Teams card', () => {
    expect(notifyTitle(result([]), true)).toBe('AI visibility: no change from 2026-11-19 to 2026-11-20 (demo data)');
    const slack = slackMessage(result([change(1)]), true) as { text: string; blocks: Block[] };
    expect([slack.text, slack.blocks[0]!.text!.text]).toEqual(Array(2).fill('AI visibility: 1 change from 2026-11-19 to 2026-11-20 (demo data)'));
    expect(JSON.stringify(teamsMessage(result([change(1)]), true))).toContain('"text":"AI visibility: 1 change from 2026-11-19 to 2026-11-20 (demo data)"');
    expect(JSON.stringify(teamsMessage(result([change(1)])))).not.toContain('demo data');
  });
});

describe('teamsMessage', () => {
  it('the envelope Teams workflows take, holding one Adaptive Card 1.4', () => {
    const msg = teamsMessage(result([change(1)])) as {
      type: string;
      attachments: Array<{ contentType: string; contentUrl: null; content: Record<string, unknown> }>;
    };
    expect(msg.type).toBe('message');
    expect(msg.attachments).toHaveLength(1);
    const [a] = msg.attachments;
    expect([a!.contentType, a!.contentUrl]).toEqual(['application/vnd.microsoft.card.adaptive', null]);
    expect(a!.content).toMatchObject({ $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4' });
    expect(a!.content.body).toEqual([
      { type: 'TextBlock', text: 'AI visibility: 1 change from 2026-11-19 to 2026-11-20', size: 'Large', weight: 'Bolder', wrap: true },
      {
        type: 'RichTextBlock',
        inlines: [
          { type: 'TextRun', text: 'Northwind CRM (US-en)', weight: 'Bolder', color: 'Attention' },
          { type: 'TextRun', text: ' topic · Topic 1: 40 → 30 (-10)' },
        ],
      },
    ]);
  });

  it('a loss is coloured as a drop is', () => {
    const loss = change(1, { news: 'loss' });
    const body = (teamsMessage(result([loss])) as { attachments: Array<{ content: { body: Array<{ inlines?: Array<Record<string, unknown>> }> } }> })
      .attachments[0]!.content.body;
    expect(body[1]!.inlines![0]).toEqual({ type: 'TextRun', text: 'Northwind CRM (US-en)', weight: 'Bolder', color: 'Attention' });
  });

  it('a gain is not coloured as a loss; the server’s text goes in TextRuns as it is (no markdown to escape)', () => {
    const gain = change(1, { move: 'up', news: 'gain', before: 30, after: 40, delta: 10, points: 10, label: '**[x](https://evil.example)**' });
    const body = (teamsMessage(result([gain])) as { attachments: Array<{ content: { body: Array<{ inlines?: Array<Record<string, unknown>> }> } }> })
      .attachments[0]!.content.body;
    expect(body[1]!.inlines).toEqual([
      { type: 'TextRun', text: 'Northwind CRM (US-en)', weight: 'Bolder' },
      { type: 'TextRun', text: ' topic · **[x](https://evil.example)**: 30 → 40 (+10)' },
    ]);
  });

  it('bounded by bytes, not by a count: 100 short changes all go; long ones as many whole as fit in 26 KiB, then "and N more"', () => {
    type Card = { attachments: Array<{ content: { body: Array<{ inlines?: Array<{ text: string }> }> } }> };
    const short = teamsMessage(result(Array.from({ length: 100 }, (_, i) => change(i)))) as Card;
    expect(short.attachments[0]!.content.body).toHaveLength(101);
    expect(Buffer.byteLength(JSON.stringify(short))).toBeLessThanOrEqual(TEAMS_MAX_BYTES);
    // Names of many bytes each (é is two in UTF-8): the limit is bytes, not characters.
    const long = Array.from({ length: 3000 }, (_, i) => change(i, { label: `${i} ${'é'.repeat(400)}` }));
    const msg = teamsMessage(result(long)) as Card;
    const bytes = Buffer.byteLength(JSON.stringify(msg));
    expect(bytes).toBeLessThanOrEqual(TEAMS_MAX_BYTES);
    const body = msg.attachments[0]!.content.body;
    const listed = body.length - 2;
    expect(bytes + Buffer.byteLength(JSON.stringify(body[1])) + 1).toBeGreaterThan(TEAMS_MAX_BYTES);
    expect(body.at(-1)!.inlines![0]!.text).toBe(`and ${3000 - listed} more (vis changes lists them all)`);
    for (const row of body.slice(1, -1)) expect(row.inlines![1]!.text.endsWith('(-10)')).toBe(true);
  });

  it('one change longer than a message is cut to 3,000 characters rather than dropped; the title to 150', () => {
    type Card = { attachments: Array<{ content: { body: Array<{ text?: string; inlines?: Array<{ text: string }> }> } }> };
    const msg = teamsMessage(result([change(1, { label: 'q'.repeat(50_000), brand: { id: '1', name: 'b'.repeat(5000) } })], { from: 'x'.repeat(400) })) as Card;
    const body = msg.attachments[0]!.content.body;
    expect(body).toHaveLength(2);
    expect([...body[1]!.inlines![0]!.text]).toHaveLength(3000);
    expect([...body[1]!.inlines![1]!.text]).toHaveLength(3001);
    expect([...body[0]!.text!]).toHaveLength(150);
    expect(Buffer.byteLength(JSON.stringify(msg))).toBeLessThanOrEqual(TEAMS_MAX_BYTES);
  });

  it('a market-wide change (no market) and a change with no label name the subject', () => {
    const tech = change(1, {
      kind: 'technical',
      market: null,
      label: null,
      subject: 'robots-blocked',
      move: 'appeared',
      news: 'loss',
      before: null,
      after: null,
      delta: null,
      points: null,
    });
    const body = (teamsMessage(result([tech])) as { attachments: Array<{ content: { body: Array<{ inlines?: Array<{ text: string }> }> } }> }).attachments[0]!
      .content.body;
    expect(body[1]!.inlines!.map((i) => i.text).join('')).toBe('Northwind CRM technical · robots-blocked: appeared');
  });
});
