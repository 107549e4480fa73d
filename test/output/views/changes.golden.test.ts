/**
 * `vis changes` on a terminal (src/output/views/changes.ts), pinned at 50, 80 and 160
 * columns (test/golden/changes/changes.<width>.txt, apart from the endpoints' views, whose folder
 * holds one set per endpoint; `UPDATE_GOLDEN=1` rewrites them): grouped
 * by brand then market, worst news first, subjects a user copies (URLs, ids, question
 * texts) whole, every line within the width but a URL alone on its line; colours by news;
 * every recorded text sanitised.
 */
import { describe, expect, it } from 'vitest';
import type { ChangesResult } from '../../../src/domain/changes.js';
import { changesFrom } from '../../../src/history/changes/compare.js';
import { renderChangesView } from '../../../src/output/views/changes.js';
import { displayWidth } from '../../../src/text/width.js';
import { competitors, history, pages, prompts, recorded, technical, topics, API } from '../../history/changes-fixtures.js';
import { join } from 'node:path';
import { expectGolden, GOLDEN_DIR } from '../golden.js';

const CHANGES_GOLDEN_DIR = join(GOLDEN_DIR, '..', 'changes');

const D1 = '2026-11-19';
const D2 = '2026-11-20';

const QUESTION = 'Which CRM is easiest to set up for a 5-person sales team that already lives in Gmail?';
const URL = 'https://northwindcrm.example/blog/how-to-migrate-your-crm-in-a-weekend-without-losing-deals';

export async function sampleResult(): Promise<ChangesResult> {
  const h = history([
    recorded(D1, 'visibility', { score: 34.2 }),
    recorded(D2, 'visibility', { score: 28.3 }),
    recorded(
      D1,
      'topics',
      topics([
        ['crm-pricing', 41.5, 'CRM pricing'],
        ['crm-security', 22, 'Security and GDPR'],
        ['crm-automation', 30, 'Workflow automation'],
      ]),
    ),
    recorded(
      D2,
      'topics',
      topics([
        ['crm-pricing', 33.1, 'CRM pricing'],
        ['crm-automation', 37.5, 'Workflow automation'],
        ['crm-ai', 12, 'AI features'],
      ]),
    ),
    recorded(D1, 'prompts', prompts([['easy-setup', QUESTION, { chatgpt: 'recommended', gemini: 'mentioned' }]])),
    recorded(D2, 'prompts', prompts([['easy-setup', QUESTION, { chatgpt: 'absent', gemini: 'recommended' }]])),
    recorded(
      D1,
      'competitors',
      competitors([
        ['Pipewell', 0.18],
        ['Globex CRM', 0.2],
        ['Northwind CRM', 0.13, true],
      ]),
    ),
    recorded(
      D2,
      'competitors',
      competitors([
        ['Pipewell', 0.25],
        ['Globex CRM', 0.2],
        ['Closely', 0.04],
        ['Northwind CRM', 0.12, true],
      ]),
    ),
    recorded(
      D1,
      'pages',
      pages([
        [URL, 4],
        ['https://northwindcrm.example/security', 0],
      ]),
    ),
    recorded(
      D2,
      'pages',
      pages([
        [URL, 0],
        ['https://northwindcrm.example/security', 6],
      ]),
    ),
    recorded(D1, 'technical', technical(77, ['robots-blocks-ai-crawlers']), { market: '' }),
    recorded(D2, 'technical', technical(77, ['missing-schema-org-product']), { market: '' }),
    recorded(D1, 'visibility', { score: 12 }, { brandId: '202', market: 'DE-de' }),
    recorded(D2, 'visibility', { score: 19.5 }, { brandId: '202', market: 'DE-de' }),
    recorded(D1, 'topics', { results: [{ slug: 'erp', visibility_pct: 0.41, headline: 'ERP for SMBs' }] }, { brandId: '202', market: 'DE-de' }),
    recorded(D2, 'topics', { results: [{ slug: 'erp', visibility_pct: 0.33, headline: 'ERP for small firms' }] }, { brandId: '202', market: 'DE-de' }),
  ]);
  return await changesFrom(h, { api: API, threshold: 5 });
}

const WIDTHS = [50, 80, 160] as const;
const view = (result: ChangesResult, width: number, color = false) => renderChangesView(result, { width, color, wide: false, threshold: 5, since: undefined });

describe('vis changes: the terminal view', () => {
  for (const width of WIDTHS) {
    it(`width ${width}, no colour`, async () => {
      const out = view(await sampleResult(), width);
      for (const line of out.split('\n')) if (/\s/.test(line.trim())) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      // Subjects a user copies are whole: the URL on one line, the question's words all there.
      expect(out).toContain(URL);
      expect(out.replace(/\s+/g, ' ')).toContain(QUESTION);
      expectGolden(`changes.${width}`, out, CHANGES_GOLDEN_DIR);
    });
  }

  it('losses and drops red, rivals gaining yellow, gains green', async () => {
    const out = view(await sampleResult(), 160, true);
    expect(out).toContain('\u001b[31mrecommended → absent\u001b[39m');
    expect(out).toContain('\u001b[33mappeared (share of voice 4.0%)\u001b[39m');
    expect(out).toContain('\u001b[32mappeared (visibility 12.0%)\u001b[39m');
  });

  it('recorded texts pass the terminal sanitiser', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['t\u001b[2Jx', 40, 'Name \u009b31m']])),
      recorded(D2, 'topics', topics([['t\u001b[2Jx', 20, 'Name \u009b31m']])),
    ]);
    const out = view(await changesFrom(h, { api: API, threshold: 5 }), 80);
    expect(out).not.toMatch(/[\u001b\u009b]/);
  });

  it('nothing to compare, nothing recorded, and no change say so', () => {
    expect(view({ from: null, to: D2, sinceFallback: false, changes: [], notCompared: [], compared: [] }, 80)).toBe(
      `Nothing to compare yet: only ${D2} is recorded.\n`,
    );
    expect(view({ from: null, to: null, sinceFallback: false, changes: [], notCompared: [], compared: [] }, 80)).toBe(
      'Nothing recorded yet: no answer of the compared endpoints is in the history.\n',
    );
    const brand = { id: '101', name: 'Northwind CRM' };
    const compared = [{ kind: 'topic' as const, brand, market: null, endpoint: 'topics' }];
    expect(view({ from: D1, to: D2, sinceFallback: false, changes: [], notCompared: [], compared }, 80)).toBe(
      `Changes from ${D1} to ${D2}, moves of 5 points or more\n\nNo change of 5 points or more.\n`,
    );
    // Nothing compared is never "no change".
    expect(view({ from: D1, to: D2, sinceFallback: false, changes: [], notCompared: [], compared: [] }, 80)).toBe(
      `Changes from ${D1} to ${D2}, moves of 5 points or more\n\nNothing was compared.\n`,
    );
  });

  it('"no change" only for a brand something of which was compared', async () => {
    const h = history([
      recorded(D1, 'topics', topics([['a', 40]])),
      recorded(D2, 'topics', topics([['a', 40]])),
      recorded(D1, 'topics', topics([['a', 40]]), { brandId: '202' }),
      recorded(D2, 'visibility', { score: 3 }, { brandId: '202' }),
    ]);
    const out = view(await changesFrom(h, { api: API, threshold: 5 }), 160);
    expect(out).toContain('Northwind CRM  no change · id 101');
    expect(out).not.toContain('Acme, Inc.  no change');
    // The brand nothing of which was compared: under "Not compared" alone, after the compared ones.
    expect(out.slice(out.indexOf('\n\nNot compared'))).toBe(
      [
        '',
        '',
        'Not compared  1 brand: nothing recorded on both days',
        '  Acme, Inc. · id 202',
        `    visibility (US-en)  not recorded on ${D1}`,
        `    topic (US-en)  not recorded on ${D2}`,
        `    answer state  not recorded on ${D1} nor on ${D2}`,
        `    competitor  not recorded on ${D1} nor on ${D2}`,
        `    page  not recorded on ${D1} nor on ${D2}`,
        `    technical  not recorded on ${D1} nor on ${D2}`,
        '',
      ].join('\n'),
    );
    expect(out.match(/Acme, Inc\./g)).toHaveLength(1);
  });

  it('an item of a shape vis does not know shows its text once; a value its subject does not name is said', async () => {
    const h = history([
      recorded(D1, 'technical', { issues: [{ issue: 'robots', severity: 'high' }], weekly: [1, 2] }, { market: '' }),
      recorded(D2, 'technical', { issues: [{ issue: 'slow', severity: 'high' }], weekly: [1, 2, 30] }, { market: '' }),
    ]);
    const out = view(await changesFrom(h, { api: API, threshold: 5 }), 160);
    expect(out).toContain('other  issues[slow]  appeared\n');
    expect(out).toContain('other  issues[robots]  went\n');
    expect(out).toContain('other  weekly[2]  appeared (30)\n');
  });

  it('--since before every recorded day: the heading says the oldest day after it was taken', () => {
    const out = renderChangesView(
      { from: D1, to: D2, sinceFallback: true, changes: [], notCompared: [], compared: [] },
      { width: 160, color: false, wide: false, threshold: 5, since: '2026-11-01' },
    );
    expect(out.split('\n')[0]).toBe(
      `Changes from ${D1}, the oldest recorded day (nothing recorded on or before 2026-11-01), to ${D2}, moves of 5 points or more`,
    );
  });
});

describe('changes: words a new user reads', () => {
  it('every line within 50 columns but a URL alone on its line, with no indent in front of it', async () => {
    const out = view(await sampleResult(), 50);
    for (const line of out.split('\n')) {
      if (displayWidth(line) <= 50) continue;
      expect(line).toMatch(/^https?:\/\/\S+$/);
    }
  });

  it('at 80 columns an engine stays on the line of its move', async () => {
    const out = view(await sampleResult(), 80);
    expect(out).toContain('      ChatGPT  recommended → absent\n');
    expect(out).not.toMatch(/(ChatGPT|Gemini)\n/);
    const long = await sampleResult();
    const q = long.changes.find((c) => c.engine === 'chatgpt')!;
    // A question that ends near the edge: the engine goes down with its move rather than staying behind.
    q.subject = 'Welches CRM ist DSGVO-konform und nach SOC 2 zertifiziert? Und welches für Teams?';
    expect(view(long, 80)).toContain('      ChatGPT  recommended → absent\n');
  });

  it('the kind in words, the brand id said as one, every share a percentage with its measure', async () => {
    const out = view(await sampleResult(), 160);
    expect(out).toContain('answer state  easy-setup');
    expect(out).not.toContain('answer_state');
    expect(out).toContain('Northwind CRM  13 changes · id 101');
    expect(out).toContain('competitor  Closely  appeared (share of voice 4.0%)');
    expect(out).toContain('visibility  score  34.2% → 28.3% (-5.9 pp)');
    expect(out).toContain('topic  crm-security  Security and GDPR  went (visibility was 22.0%)');
  });
});
