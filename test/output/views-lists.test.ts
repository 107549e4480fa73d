/**
 * The rules of the views of `vis brands`, `vis markets`, `vis ai-visitors`, `vis activity`
 * and `vis pitches` (src/output/views/{account,visitors,activity,pitches}.ts), one case
 * each, on sandbox payloads of the growth and agency demo accounts changed where a rule
 * needs another shape. The goldens (views.golden.test.ts) pin the whole layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointById, type EndpointId } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { renderView, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { SANDBOX_NOW } from './sandbox-envelopes.js';

type Rec = Record<string, any>;

let sandbox: Sandbox;
const payloads = new Map<string, Rec>();

async function get(key: string, path: string): Promise<Rec> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as Rec;
}

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(SANDBOX_NOW), rateLimitPerMinute: 100_000 });
  for (const path of ['/brands', '/markets', '/ai-visitors', '/activity', '/pitches']) payloads.set(`growth${path}`, await get('vis_demo_growth', path));
  payloads.set('agency/brands', await get('vis_demo_agency', '/brands'));
  payloads.set('agency/markets', await get('vis_demo_agency', '/markets?brand_id=203'));
});
afterAll(async () => {
  await sandbox?.close();
});

function payload(name: string): Rec {
  const p = payloads.get(name);
  if (!p) throw new Error(`no payload ${name}`);
  return structuredClone(p);
}

function draw(id: EndpointId, envelope: Rec, opts: Partial<TableOptions> = {}): string {
  const out = renderView(envelope, { spec: endpointById(id), width: 80, color: false, tty: true, wide: false, ...opts }, true);
  if (out === null) throw new Error(`${id}: the view fell back`);
  const width = opts.width ?? 80;
  if (opts.wide !== true) for (const line of out.split('\n')) expect(displayWidth(line.replace(/\u001b\[[0-9;]*m/g, '')), line).toBeLessThanOrEqual(width);
  return out;
}

describe('brands', () => {
  it('several brands (agency): one row each and how to choose one; one brand: no such hint', () => {
    const agency = draw('brands', payload('agency/brands'));
    for (const name of ['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']) expect(agency).toContain(name);
    expect(agency).toContain('3 brands: choose one with --brand <id or name>');
    expect(draw('brands', payload('growth/brands'))).not.toContain('choose one');
  });

  it('the primary market comes first, whatever the order sent; integrations read yes or no', () => {
    const env = payload('agency/brands');
    env.data.brands[2].primary_market = 'AU-en'; // sent last of US-en, GB-en, AU-en
    const out = draw('brands', env);
    expect(out).toMatch(/Copperline Payments +AU-en US-en GB-en +yes\n +copperline\.example\n/);
    expect(out).toMatch(/Larkspur Dental +GB-en +no\n/);
  });

  it('at 80 columns the domain goes under the name rather than a header over two lines; in a column when all fits', () => {
    const agency = draw('brands', payload('agency/brands'));
    expect(agency.split('\n')[0]).toMatch(/^ id {2}brand +markets +search console$/);
    expect(agency).toMatch(/\n203 {2}Copperline Payments {2}US-en GB-en AU-en {2}yes\n {5}copperline\.example\n/);
    const wide = draw('brands', payload('agency/brands'), { width: 90 });
    expect(wide.split('\n')[0]).toMatch(/^ id {2}brand +domain +markets +search console$/);
    expect(wide).toMatch(/Copperline Payments {2}copperline\.example +US-en GB-en AU-en {2}yes\n/);
  });

  it('at 50 columns each brand is a card, market codes and names whole', () => {
    const out = draw('brands', payload('agency/brands'), { width: 50 });
    expect(out).toContain('── 3/3');
    expect(out).toMatch(/\nmarkets +US-en GB-en AU-en\n/);
    expect(out).not.toContain('…');
  });
});

describe('markets', () => {
  it('country and language are left out while the code says them, shown when it does not', () => {
    const env = payload('agency/markets');
    expect(draw('markets', env)).not.toMatch(/country|language/);
    env.data.markets[0].language = 'es';
    const out = draw('markets', env);
    expect(out).toMatch(/code +market +country +language +id/);
    expect(out).toMatch(/US-en +United States \(English\) +US +es +2031 +primary/);
  });
});

describe('activity', () => {
  it('events by day under a weekday, times to the minute without the date, UTC said once', () => {
    const env = payload('growth/activity');
    env.data.events[0].at = '2026-11-22T04:00:27Z';
    const out = draw('activity', env);
    expect(out).toContain('\nSun 2026-11-22\n04:00  Daily scan');
    expect(out.match(/UTC/g)).toHaveLength(1);
    expect(out).not.toMatch(/T\d\d:\d\d/);
    // The counts come from the data (a sandbox change moves them), in the order first seen.
    const events = env.data.events as Rec[];
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(out).toContain(`${events.length} events · scan ${count('scan')} · task created ${count('task_created')}`);
  });

  it('what an event is about becomes the command that shows it; other refs are shown as sent', () => {
    const env = payload('growth/activity');
    const [first, second, third] = env.data.events as [Rec, Rec, Rec];
    first.ref = { kind: 'task', id: 4749 };
    second.ref = { kind: 'topic', id: 'crm migration; rm -rf' };
    third.ref = { kind: 'invoice', id: 'inv-7' };
    const out = draw('activity', env, { width: 160 });
    expect(out).toMatch(/named in \d+ · → vis tasks 4749\n/);
    expect(out).toMatch(/named in \d+ · topic crm migration; rm -rf\n/);
    expect(out).toMatch(/ invoice inv-7\n/);
  });

  it('the type after the title only where the title does not say it', () => {
    const env = payload('growth/activity');
    const [first, second] = env.data.events as [Rec, Rec];
    first.title = 'Daily scan: 85 answers';
    second.title = 'Rescanned the site';
    second.type = 'scan';
    const out = draw('activity', env, { width: 160 });
    expect(out).toMatch(/Daily scan: 85 answers\n/);
    expect(out).toContain('Rescanned the site · scan\n');
    expect(out).toMatch(/New task: .* · task created +→ vis tasks \d+/);
  });

  it('a time it does not understand is shown as sent, and titles wrap rather than being cut', () => {
    const env = payload('growth/activity');
    env.data.events[0].at = 'yesterday';
    const out = draw('activity', env, { width: 50 });
    expect(out).toContain('yesterday');
    expect(out.split('\n').slice(1).join('\n')).not.toContain('…'); // below the heading
    expect(out).toMatch(/\n {7}Northwind CRM named in \d+/);
  });
});

describe('ai-visitors', () => {
  it('a long period is a sparkline with its low and high instead of a bar per day', () => {
    const env = payload('growth/ai-visitors');
    env.data.daily = Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, visits: i === 3 ? null : 100 + i }));
    const out = draw('ai-visitors', env);
    expect(out).toMatch(/Visits per day {2}▁▁▁ ▂▂▂▃.*█ +low 100 · high 129/);
    expect(out).not.toContain('2026-10-05');
  });

  it('the change is labelled and coloured by direction; each engine by the label the API gives beside its id', () => {
    const env = payload('growth/ai-visitors');
    env.data.visitors[0].label = 'OpenAI ChatGPT';
    env.data.visitors[1].change_pct = null;
    const plain = draw('ai-visitors', env);
    expect(plain).toContain('▲ 9.0% vs the 7 days before');
    expect(plain).toMatch(/\nOpenAI ChatGPT +412 +▲ 5\.1%/);
    expect(plain).toMatch(/\nPerplexity +185 +– /);
    expect(plain).not.toMatch(/^chatgpt/m);
    const coloured = draw('ai-visitors', env, { color: true });
    expect(coloured).toContain('\u001b[32m▲ 5.1%'); // green: more visits is better
    expect(coloured).toContain('\u001b[31m▼ 7.8%'); // red
  });

  it('landing pages are paths under their engine when all are on one site', () => {
    const out = draw('ai-visitors', payload('growth/ai-visitors'));
    expect(out).toContain('(paths on https://northwindcrm.example)');
    expect(out).toMatch(/\nChatGPT .*\n +\/ 100 · \/security 50 · \/compare\/globex-crm 43\n/);
  });
});

describe('pitches', () => {
  it('the share link is whole on its line; where it would not fit, its site is said once', () => {
    const wide = draw('pitches', payload('growth/pitches'), { width: 100 });
    expect(wide).toMatch(/\n {4}(?:.* · )?https:\/\/share\.aivisibility\.example\/pitch\/\w+\n/);
    expect(wide).not.toContain('links on');
    const narrow = draw('pitches', payload('growth/pitches'), { width: 50 });
    expect(narrow).toContain('(links on https://share.aivisibility.example)');
    expect(narrow).toMatch(/\n {2}(?:.* · )?\/pitch\/\w+\n/);
    expect(narrow).toMatch(/\nprospect +Acme Analytics\n/); // a card: the name whole
  });

  it('the allowance as a gauge; none at all says so; an empty list is one sentence', () => {
    expect(draw('pitches', payload('growth/pitches'))).toMatch(/Pitch reports {2}2 of 5 used +█+░+ +40\.0% +3 left\nResets 2026-12-01 00:00 UTC/);
    const env = payload('growth/pitches');
    env.data.allowance = { allowance: 0, used: 0, left: 0, resets_at: '2026-12-01T00:00:00Z' };
    env.data.pitches = [];
    const out = draw('pitches', env);
    expect(out).toContain('Pitch reports  none included in this plan');
    expect(out).not.toContain('Resets');
    expect(out).toContain('\nNo pitch reports match.\n');
  });
});

describe('nothing dropped', () => {
  it('a field a view does not know is shown after it, with the label of its record', () => {
    const env = payload('growth/activity');
    // The first event about something (a task): the view knows its ref's kind and id, not a note.
    const event = (env.data.events as Rec[]).find((e) => e.ref !== null && typeof e.ref === 'object')!;
    event.severity = 'info';
    event.ref.note = 'first of three';
    const out = draw('activity', env, { width: 100 });
    const start = String(event.title).split(' ').slice(0, 2).join(' ');
    expect(out).toMatch(
      new RegExp(`\\nevents\\ntitle +ref\\.note +severity\\n[─ ]+\\n${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* +first of three +info\\n`),
    );
    const brands = payload('agency/brands');
    brands.data.brands[1].integrations.crm = 'pending';
    expect(draw('brands', brands, { width: 100 })).toMatch(/\nbrands\nname +integrations\.crm\n[─ ]+\nLarkspur Dental +pending\n/);
  });
});

describe('empty lists are one sentence', () => {
  it.each([
    ['brands', 'growth/brands', 'brands', 'No brands match.'],
    ['markets', 'growth/markets', 'markets', 'No markets match.'],
    ['ai-visitors', 'growth/ai-visitors', 'visitors', 'No visitor rows match.'],
    ['activity', 'growth/activity', 'events', 'No activity events match.'],
  ] as const)('%s', (id, name, key, sentence) => {
    const env = payload(name);
    env.data[key] = [];
    const out = draw(id, env);
    expect(out.split('\n')).toContain(sentence);
    expect(out).not.toContain('──');
  });
});
