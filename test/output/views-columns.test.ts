/**
 * `--columns` on a terminal: the chosen columns of the main collection, in the order
 * given, written as the views write those fields (src/output/views/chosen.ts). Piped
 * output, --rows, and data that is one record keep the generic table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ColumnsError } from '../../src/output/csv.js';
import { renderGenericTable, renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { runInProcess } from '../support/run.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

type Rec = Record<string, any>;
const TTY: Omit<TableOptions, 'spec'> = { width: 80, color: false, tty: true, wide: false };

function draw(id: string, columns: string[], width = 80, edit?: (data: Rec) => void): string {
  const c = findCase(cases, id);
  const env = structuredClone(c.envelope) as Rec;
  edit?.(env.data);
  const out = renderView(env, { ...TTY, width, spec: c.spec, columns }, true);
  if (out === null) throw new Error(`no view of ${columns.join(',')} for ${id}`);
  for (const line of out.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  return out;
}

/** The table's rows: the lines after the header's rule. */
function body(out: string): string[] {
  const lines = out.split('\n');
  const rule = lines.findIndex((l) => /^─+ /.test(l) || /^─+$/.test(l));
  return lines.slice(rule + 1).filter((l) => l !== '');
}

describe('--columns on a terminal', () => {
  it('topics name,visibility,rivals: percentages with %, rivals joined with ", ", those columns and no others', () => {
    const topics = findCase(cases, 'topics').envelope.data as Rec;
    const out = draw('topics', ['name', 'visibility', 'rivals']);
    expect(out.split('\n')).toContain(out.split('\n').find((l) => /^name +visibility {2}rivals$/.test(l)));
    const rows = body(out);
    expect(rows).toHaveLength(topics.topics.length);
    topics.topics.forEach((t: Rec, i: number) => {
      expect(rows[i]).toMatch(new RegExp(`^${t.name} +${t.visibility.toFixed(1).replace('.', '\\.')}% {2}${t.rivals.join(', ')}$`));
    });
    expect(out).not.toContain('share of voice');
    expect(out).not.toContain('; ');
  });

  it('the columns in the order given; changes as ▲/▼, ids whole', () => {
    const out = draw('topics', ['share_of_voice', 'change', 'id'], 41);
    const first = (findCase(cases, 'topics').envelope.data as Rec).topics[0];
    expect(out).toMatch(/^share_of_voice +change {2}id$/m);
    // One column narrower, the header is not cut: the rows become blocks.
    const narrow = draw('topics', ['share_of_voice', 'change', 'id'], 40);
    expect(narrow).not.toContain('…');
    expect(narrow).toContain(`share_of_voice  ${first.share_of_voice.toFixed(1)}%`);
    expect(body(out)[0]).toMatch(new RegExp(`^ +${first.share_of_voice.toFixed(1).replace('.', '\\.')}% +[▲▼] [\\d.]+ {2}${first.id}$`));
  });

  it('tasks: ids as sent (5012, not 5,012), statuses as words, topics joined with ", "', () => {
    const out = draw('tasks', ['id', 'status', 'topics']);
    const tasks = (findCase(cases, 'tasks').envelope.data as Rec).tasks as Rec[];
    const inProgress = tasks.find((t) => t.status === 'in_progress' && t.topics.length > 1);
    expect(inProgress).toBeDefined();
    expect(body(out)).toContain(
      `${String(inProgress?.id).padEnd(String(Math.max(...tasks.map((t) => t.id))).length)}  in progress  ${inProgress?.topics.join(', ')}`,
    );
    expect(out).not.toMatch(/\d,\d{3}/);
  });

  it('answers: an engine column is its marks and states; pages: a change in citations, not points', () => {
    const answers = draw('answers', ['id', 'engines.chatgpt', 'rate']);
    expect(answers).toMatch(/startup-best-crm +○ absent +23\.5%/);
    const pages = draw('pages', ['change', 'citations'], 80, (d) => (d.pages[0].change = -3));
    expect(body(pages)[0]).toMatch(/^ *▼ 3 +\d+$/);
  });

  it('URLs and lists of URLs are not shortened to fit a column; a name beside them wraps at spaces, a word too long for it is cut', () => {
    const two = (d: Rec) => d.issues.forEach((i: Rec) => (i.pages = i.pages.slice(0, 2)));
    const issues = (findCase(cases, 'technical').envelope.data as Rec).issues as Rec[];
    const lists = issues.map((i) => (i.pages as string[]).slice(0, 2).join(', '));
    // Room for the longest list and a title column of ten.
    const out = draw('technical', ['title', 'pages'], Math.max(...lists.map((l) => l.length)) + 12, two);
    // The titles beside them wrap at spaces instead: each word of a title is there.
    for (const i of issues)
      for (const w of String(i.title)
        .split(' ')
        .filter((x) => x.length <= 10))
        expect(out).toContain(w);
    for (const l of lists) expect(out).toContain(l);
    const rows = (findCase(cases, 'search-performance').envelope.data as Rec).rows as Rec[];
    const pages = draw('search-performance', ['query', 'page', 'clicks'], 80);
    for (const r of rows) expect(pages).toContain(r.page);
  });

  it('null is –, a field a record lacks is blank, text from the API is sanitised', () => {
    const out = draw('topics', ['name', 'visibility', 'rank'], 80, (d) => {
      d.topics[0].visibility = null;
      delete d.topics[1].rank;
      d.topics[2].name = 'Evil\u001b[31m red';
    });
    const rows = body(out);
    expect(rows[0]).toMatch(/ –  +\d+$/);
    expect(rows[1]).toMatch(/%$/);
    expect(out).not.toContain('\u001b');
  });

  it.each([
    ['visibility', 41.8, '41.8%'],
    ['share_of_voice', 12, '12.0%'],
    ['share', 3.25, '3.3%'],
    ['rate', 50, '50.0%'],
    ['ctr', 7.5, '7.5%'],
    ['score', 30.5, '30.5%'],
    ['competitor_visibility', 52.6, '52.6%'],
    ['brand_visibility', 12, '12.0%'],
    ['position', 2, '2.0'],
    ['change', -1.5, '▼ 1.5'],
    ['change_pct', 5.1, '▲ 5.1%'],
    ['lead', 4, '+4.0'],
    ['citations', 12345, '12,345'],
    ['report.visibility', 17.2, '17.2%'],
    ['status', 'in_progress', 'in progress'],
    ['priority', 'very_high', 'very high'],
    ['severity', 'critical', 'critical'],
    ['action', 'leave', 'leave'],
    ['layer', 'on_page', 'on page'],
    ['kind', 'review_site', 'review site'],
    ['owner', 'third_party', 'third party'],
    ['type', 'task_done', 'task done'],
    ['purpose', 'ai_search', 'ai search'],
    ['sentiment', 'very_positive', 'very positive'],
    ['state', 'open', '◌ open'],
    ['engines.chatgpt', 'recommended', '● recommended'],
    ['engines.chatgpt.state', 'hallucinated', '? hallucinated'],
    ['prompt_id', 'a_b', 'a_b'],
    ['ref_id', 5012, '5012'],
    ['url_count', 1234, '1,234'],
    ['state', 3, '3'],
    ['report.engines.chatgpt', 'open', 'open'],
    ['engines.chatgpt.answer', 'open', 'open'],
    ['note', 'a_b', 'a_b'],
  ])('%s: %j is written %s', (column, value, written) => {
    const path = column.split('.');
    const record: Rec = {};
    let node = record;
    path.slice(0, -1).forEach((k) => (node = node[k] = {}));
    node[path[path.length - 1] as string] = value;
    const out = draw('topics', [column], 80, (d) => (d.topics = [record]));
    expect(body(out)).toEqual([expect.stringMatching(new RegExp(`^ *${written.replace(/[.?+]/g, '\\$&')}$`))]);
  });

  it('a page’s change is in citations; the same field elsewhere is in points', () => {
    expect(body(draw('pages', ['change'], 80, (d) => (d.pages = [{ change: 1234 }])))[0]).toMatch(/^ *▲ 1,234$/);
    expect(body(draw('topics', ['change'], 80, (d) => (d.topics = [{ change: 1234 }])))[0]).toMatch(/^ *▲ 1234\.0$/);
  });

  it('fields the views never write: their text; a key with a dot in it, lists with gaps, lists of records, booleans', () => {
    const out = draw('topics', ['odd.key', 'tags', 'threads', 'flag', 'mixed'], 120, (d) => {
      d.topics = [
        { 'odd.key': 1234, tags: ['a', null, 'b'], threads: [{ t: 1 }], flag: true, mixed: 5 },
        { 'odd.key': null, tags: [], threads: [], flag: false, mixed: 'five' },
      ];
    });
    const [first, second] = body(out);
    expect(first).toBe('  1,234  a, , b  [{"t":1}]  true   5');
    expect(second).toBe('      –                     false  five');
  });

  it('an unknown column is the same usage error as in the generic table', () => {
    const c = findCase(cases, 'topics');
    expect(() => renderTable(c.envelope, { ...TTY, spec: c.spec, columns: ['nope'] })).toThrow(ColumnsError);
  });

  it('no rows: the sentence of the view; one-record data (usage) and --rows: the generic table', () => {
    expect(draw('topics', ['name'], 80, (d) => (d.topics = []))).toContain('No topics match.');
    const usage = findCase(cases, 'usage');
    const opts = { ...TTY, spec: usage.spec, columns: ['plan', 'reads.left'] };
    expect(renderTable(usage.envelope, opts)).toBe(renderGenericTable(usage.envelope, opts));
    const topics = findCase(cases, 'topics');
    const rows = { ...TTY, spec: topics.spec, rows: 'topics', columns: ['visibility'] };
    expect(renderTable(topics.envelope, rows)).toBe(renderGenericTable(topics.envelope, rows));
  });

  it('piped: the generic rows, raw values', () => {
    const c = findCase(cases, 'topics');
    const out = renderTable(c.envelope, { ...TTY, tty: false, spec: c.spec, columns: ['name', 'visibility', 'rivals'] });
    expect(out.split('\n')[1]).toMatch(/^[^\t]+\t\d+(\.\d)?\t[^\t]+; /);
  });

  it('vis --demo topics --columns name,visibility,rivals on a terminal: the view’s formatting', async () => {
    const env = { VIS_API_KEY: undefined, VIS_BASE_URL: undefined, VIS_FORCE_TTY: '80', VIS_CACHE: 'off', VIS_PAGER: '' };
    const json = await runInProcess(['--demo', 'topics', '--format', 'json'], { env, realTransport: true });
    expect(json.code, json.stderr).toBe(0);
    const topics = JSON.parse(json.stdout).data.topics as Rec[];
    const r = await runInProcess(['--demo', 'topics', '--columns', 'name,visibility,rivals'], { env, realTransport: true });
    expect(r.code, r.stderr).toBe(0);
    for (const t of topics) expect(r.stdout).toMatch(new RegExp(`${t.name} +${t.visibility.toFixed(1).replace('.', '\\.')}% {2}${t.rivals.join(', ')}\\n`));
    expect(r.stdout).not.toContain('; ');
  });
});
