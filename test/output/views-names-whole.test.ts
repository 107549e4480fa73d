/**
 * The demo's views, and the generic table, at 50, 80 and 160 columns: no name nor header cut with `…` while the line has
 * room for its words, and no line wider than the terminal but a URL or path alone on its
 * line (the terminal folds it; vis puts no indent before it).
 */
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/text/width.js';
import { runInProcess } from '../support/run.js';

const AGENCY = 'vis_demo_agency';

async function demo(argv: string[], width: number, key?: string): Promise<string> {
  const r = await runInProcess(['--demo', ...argv], {
    env: { VIS_API_KEY: key, VIS_DEMO_DATE: '2026-11-28', VIS_PAGER: 'cat' },
    realTransport: true,
    io: { stdoutIsTTY: true, stderrIsTTY: true, columns: width },
  });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Lines wider than `width` that are more than one word, or one word with spaces before it. */
function tooWide(text: string, width: number): string[] {
  return text.split('\n').filter((l) => displayWidth(l) > width && (/\s/.test(l.trim()) || /^\s/.test(l)));
}

const cases: Array<{ argv: string[]; key?: string; names: string[] }> = [
  {
    argv: ['competitors', 'Globex CRM'],
    names: [
      'Globex CRM',
      'Northwind CRM',
      'Sales forecasting',
      'Sales pipeline management',
      'Workflow automation',
      'Security and compliance',
      'Reporting and dashboards',
    ],
  },
  { argv: ['tasks', '8664'], names: ['Sales forecasting'] },
  { argv: ['topics', '--market', 'US-en,GB-en,DE-de'], names: ['Sales forecasting', 'Security and compliance'] },
  { argv: ['topics', 'crm-reporting'], names: ['Hubbard CRM, Pipewell,', 'Closely'] },
  { argv: ['overview', '--all-brands'], key: AGENCY, names: ['Toothfairy Family Dental', 'The Harley Dental Rooms', 'Copperline'] },
  { argv: ['topics', '--brand', 'Larkspur Dental', '--market', 'GB-en'], key: AGENCY, names: ['The Harley Dental Rooms', 'Toothfairy Family Dental'] },
  // The generic table (--rows chooses it): text wraps at spaces, and rows become key/value blocks rather than cut a word.
  {
    argv: ['topics', '--rows', 'topics'],
    names: ['sales-forecasting', 'email-integration', 'Sales pipeline management', 'Security and compliance', 'share_of_voice', 'visibility', 'questions'],
  },
  { argv: ['competitors', '--rows', 'competitors'], names: ['Northwind CRM', 'northwindcrm.example', 'share_of_voice', 'visibility', 'citations'] },
  { argv: ['prompts', '--rows', 'prompts'], names: ['startup-best-crm', 'crm-for-startups', 'engines.perplexity.position', 'engines.copilot.state'] },
];

describe('names and headers whole at 50, 80 and 160 columns', () => {
  for (const c of cases) {
    it.each([50, 80, 160])(`vis ${c.argv.join(' ')} at %i columns`, async (width) => {
      const out = await demo(c.argv, width, c.key);
      expect(tooWide(out, width)).toEqual([]);
      expect(out).not.toContain('…');
      for (const name of c.names) expect(out, name).toContain(name);
    });
  }

  it('no card line holds only a separator', async () => {
    for (const width of [50, 80]) {
      const out = await demo(['topics', '--brand', 'Larkspur Dental', '--market', 'GB-en'], width, AGENCY);
      expect(out).not.toMatch(/·\s*$/m);
    }
  });

  it('the overview’s Daily table at 80 columns: every header whole, a table not cards', async () => {
    const out = await demo(['overview', '--all-brands'], 80, AGENCY);
    const dailies = out.split('Daily  ').slice(1);
    expect(dailies).toHaveLength(3);
    for (const daily of dailies) {
      expect(daily).toMatch(/\n11-22 +\d/);
      expect(daily.split('\n\n')[0]).not.toContain('── 1/');
    }
    expect(out).toMatch(/position +citations +Paystream +Globepay +Tillpoint/);
  });

  it('vis prompts as cards: each question under its card’s rule, not above it', async () => {
    for (const width of [50, 80]) {
      // The matrix's cards; the positions after it are keyed by the question's id.
      const lines = (await demo(['prompts'], width)).split('Position of')[0]!.split('\n');
      const rules = lines.flatMap((l, i) => (/^── \d+\/\d+ ─/.test(l) ? [i] : []));
      if (width === 50) expect(rules.length).toBeGreaterThan(0);
      for (const i of rules) {
        expect(lines[i + 1], `after ${lines[i]}`).toMatch(/^ {2}\S/);
        // Above the rule: the previous card's last engine or its topic, never a question.
        expect(lines[i - 1] ?? '', `before ${lines[i]}`).not.toMatch(/^ {2}\S/);
      }
    }
    const out = await demo(['prompts'], 50);
    expect(out).toMatch(/── 1\/\d+ ─+\n {2}What is the best CRM for an early-stage startup\?\nChatGPT /);
  });

  it('a topic name beside its id gets the room first: over two lines at most, or the rows are cards', async () => {
    const overview = await demo(['overview', '--all-brands'], 50, AGENCY);
    // Too narrow for the names beside the ids: a card each, the name whole on its key's line.
    expect(overview).toMatch(/^weakest topics {2}Trail running shoes$/m);
    expect(overview).toMatch(/^id {14}trail-running$/m);
    const topics = await demo(['topics', '--all-brands'], 80, AGENCY);
    // The brand wraps instead, so the name takes two lines, not three.
    expect(topics).toMatch(/ used-gear +Used and refurbished +\d/);
    expect(topics).toMatch(/ trail-running +Trail running shoes +\d/);
    for (const out of [overview, topics]) expect(out).not.toMatch(/^\s+(refurbished|running)\s*$/m);
  });
});
