/**
 * The notification payloads: Slack's Block Kit message (a header, one section per change
 * worst first, at most 50 blocks ending with "and N more"), Teams' Adaptive Card in the
 * message envelope workflows take, and the server's text escaped for Slack's mrkdwn and
 * kept out of markdown in Teams.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ChangesResult } from '../../src/domain/changes.js';
import { MAX_BLOCKS, notifyTitle, slackMessage, slackText, teamsMessage } from '../../src/output/notify.js';

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
      { type: 'section', text: { type: 'mrkdwn', text: '*Northwind CRM (US-en)* answer state · best crm? · chatgpt: recommended → absent' } },
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

  it('exactly 48 changes: no "more" line; one more makes it "and 1 more"', () => {
    expect((slackMessage(result(Array.from({ length: 48 }, (_, i) => change(i)))) as { blocks: Block[] }).blocks).toHaveLength(49);
    const over = slackMessage(result(Array.from({ length: 49 }, (_, i) => change(i)))) as { blocks: Block[] };
    expect(over.blocks.at(-1)!.elements![0]!.text).toBe('and 1 more (vis changes lists them all)');
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

  it('at most 48 changes and the "more" line, as in Slack', () => {
    const body = (teamsMessage(result(Array.from({ length: 50 }, (_, i) => change(i)))) as { attachments: Array<{ content: { body: unknown[] } }> })
      .attachments[0]!.content.body;
    expect(body).toHaveLength(50);
    expect(body.at(-1)).toEqual({ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'and 2 more (vis changes lists them all)', isSubtle: true }] });
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
