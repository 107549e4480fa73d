import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnsError } from '../../src/output/csv.js';
import { RowsKeyError, selectRows } from '../../src/output/flatten.js';
import { renderPlainTable, renderTable, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';

const TTY: TableOptions = { width: 80, color: false, tty: true, wide: false };
const PIPED: TableOptions = { width: 80, color: false, tty: false, wide: false };
const TASKS = { id: 'tasks', collection: 'tasks', noun: 'tasks' };
const META = { brand: { id: 1, name: 'Acme' }, market: { id: 2, code: 'US-en', label: 'United States' } };

/** The piped layout as `stdout`, then `stderr` (what the CLI sends there unless --quiet). */
const piped = (envelope: unknown, opts: Partial<TableOptions> = {}) => {
  const { rows, rest } = renderPlainTable(envelope, opts);
  return { stdout: rows, stderr: rest };
};

describe('renderTable: what is shown', () => {
  it('prints one sentence for an empty collection on a TTY; piped, the header on stdout and the sentence on stderr', () => {
    const env = { data: { tasks: [] }, meta: {} };
    expect(renderTable(env, { ...TTY, spec: TASKS })).toBe('No tasks match.\n');
    expect(piped(env, { spec: TASKS, knownColumns: ['id', 'title'] })).toEqual({ stdout: 'id\ttitle\n', stderr: 'No tasks match.\n' });
    // --columns is the header when there is nothing to check it against, as for csv.
    expect(piped(env, { spec: TASKS, columns: ['title'] })).toEqual({ stdout: 'title\n', stderr: 'No tasks match.\n' });
    // Nothing known about the columns: nothing on stdout.
    expect(piped(env, { spec: TASKS })).toEqual({ stdout: '', stderr: 'No tasks match.\n' });
    // renderTable piped is the stdout part.
    expect(renderTable(env, { ...PIPED, spec: TASKS, knownColumns: ['id'] })).toBe('id\n');
  });

  it('uses the known columns for data that is itself the (empty) collection, never for --rows', () => {
    expect(piped({ data: [] }, { spec: TASKS, knownColumns: ['id'] })).toEqual({ stdout: 'id\n', stderr: 'No tasks match.\n' });
    const env = { data: { tasks: [{ id: 1, title: 't' }], done: [] } };
    expect(piped(env, { spec: TASKS, rows: 'done', knownColumns: ['id', 'title'] })).toEqual({
      stdout: '',
      stderr: 'No done match.\n\n# tasks\nid\ttitle\n1\tt\n',
    });
    // With rows, the known columns come first, then the others as seen.
    expect(piped({ data: { tasks: [{ x: 1, title: 't', id: 2 }] } }, { spec: TASKS, knownColumns: ['id', 'title'] }).stdout).toBe('id\ttitle\tx\n2\tt\t1\n');
  });

  it('names an empty --rows collection after its key', () => {
    const env = { data: { tasks: [{ id: 1 }], overview: { topics: [] } } };
    expect(piped(env, { spec: TASKS, rows: 'overview.topics' })).toEqual({ stdout: '', stderr: 'No topics match.\n\n# tasks\nid\n1\n' });
  });

  it('handles null, missing and scalar data', () => {
    expect(piped({ data: null, meta: {} })).toEqual({ stdout: '', stderr: 'No data.\n' });
    expect(piped({ data: 'just text\u001b[2J' })).toEqual({ stdout: 'value\njust text\n', stderr: '' });
    expect(renderTable({ data: 42 }, TTY)).toBe('42\n');
    expect(piped({ data: {} })).toEqual({ stdout: '', stderr: 'No data.\n' });
    expect(piped(undefined)).toEqual({ stdout: '', stderr: 'No data.\n' });
  });

  it('shows an envelope without `data` whole rather than dropping it', () => {
    expect(piped({ meta: { api_version: 'v1' }, extra: { n: 1 } })).toEqual({ stdout: 'meta.api_version\textra.n\nv1\t1\n', stderr: '' });
    // Its only array is taken as the main collection, as csv would.
    expect(piped({ meta: { api_version: 'v1' }, extra: [1, 2] })).toEqual({ stdout: 'value\n1\n2\n', stderr: 'meta.api_version\tv1\n' });
  });

  it('takes data that is an array as the rows', () => {
    expect(piped({ data: [{ a: 1 }, { a: 2, b: 'x' }] })).toEqual({ stdout: 'a\tb\n1\t\n2\tx\n', stderr: '' });
  });

  it('shows one record (no collection in the spec) as key/value rows, one figure a row, as csv', () => {
    const usage = { id: 'usage', noun: 'usage' };
    const env = { data: { plan: 'growth', reads: { used: 5, limit: null }, brands: [{ id: 1 }], tags: ['a', 'b'], extra: {} }, meta: META };
    expect(piped(env, { spec: usage })).toEqual({
      stdout: 'key\tvalue\nplan\tgrowth\nreads.used\t5\nreads.limit\t\nbrands.1.id\t1\ntags\ta; b\nextra\t{}\n',
      stderr: '',
    });
  });

  it('a dashboard piped: the period as period_from/period_to, arrays of records keyed by date, else by index, every line two fields', () => {
    const overview = { id: 'overview', noun: 'overview figures', period: 'range' };
    const env = {
      data: {
        period: { from: '2026-11-19', to: '2026-11-25', days: 7 },
        visibility: { brand: 28.3 },
        daily: [
          { date: '2026-11-19', visibility: 24.1 },
          { date: '2026-11-20', visibility: 29.2 },
        ],
        rivals: [{ name: 'Pipewell\tInc', visibility: 48.1 }],
      },
    };
    const { stdout, stderr } = piped(env, { spec: overview });
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'key\tvalue',
        'period_from\t2026-11-19',
        'period_to\t2026-11-25',
        'period.days\t7',
        'visibility.brand\t28.3',
        'daily.2026-11-19.date\t2026-11-19',
        'daily.2026-11-19.visibility\t24.1',
        'daily.2026-11-20.date\t2026-11-20',
        'daily.2026-11-20.visibility\t29.2',
        'rivals.0.name\tPipewell\\tInc',
        'rivals.0.visibility\t48.1',
        '',
      ].join('\n'),
    );
    // --columns asks for one particular table: the record stays one row, its period renamed.
    expect(piped(env, { spec: overview, columns: ['period_from', 'visibility.brand'] }).stdout).toBe('period_from\tvisibility.brand\n2026-11-19\t28.3\n');
  });

  it('piped: the main collection on stdout; every other field and array of objects on stderr, in the plain form', () => {
    const env = {
      data: { total: 2, filters: { status: 'open', layer: null }, tags: ['a', 'b'], tasks: [{ id: 1 }], per_layer: [{ layer: 'content', open: 3 }] },
    };
    expect(piped(env, { spec: TASKS })).toEqual({
      stdout: 'id\n1\n',
      stderr: 'total\t2\nfilters.status\topen\nfilters.layer\t\ntags\ta; b\n\n# per_layer\nlayer\topen\ncontent\t3\n',
    });
  });

  it('keeps each record on one line with the same number of fields, whatever the values hold', () => {
    const env = {
      data: {
        tasks: [
          { id: 1, title: 'a\tb\nc', note: null },
          { id: 2, extra: '\r\u001b[2J' },
        ],
      },
    };
    const { stdout } = piped(env, { spec: TASKS });
    const lines = stdout.split('\n').slice(0, -1);
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((l) => l.split('\t').length))).toEqual(new Set([4]));
    expect(lines[0]).toBe('id\ttitle\tnote\textra');
  });

  it('shows --rows as the main table and the usual collection as a sub-table', () => {
    const env = { data: { tasks: [{ id: 1 }], done: [{ id: 9 }] } };
    expect(piped(env, { spec: TASKS, rows: 'done' })).toEqual({ stdout: 'id\n9\n', stderr: '# tasks\nid\n1\n' });
  });

  it('refuses an unknown --rows key and an unknown column', () => {
    const env = { data: { tasks: [{ id: 1 }] } };
    expect(() => renderTable(env, { ...TTY, spec: TASKS, rows: 'nope' })).toThrow(RowsKeyError);
    expect(() => renderTable(env, { ...TTY, spec: TASKS, columns: ['nope'] })).toThrow(ColumnsError);
    expect(() => renderTable({ data: null }, { ...TTY, rows: 'x' })).toThrow(RowsKeyError);
  });

  it('selects columns with --columns, and takes an object without a collection as one row then', () => {
    const env = { data: { tasks: [{ id: 1, title: 't', layer: 'l' }] } };
    expect(renderTable(env, { ...PIPED, spec: TASKS, columns: ['layer', 'id'] })).toBe('layer\tid\nl\t1\n');
    const item = { data: { id: 7, report: { score: 3 }, tags: ['a'], links: [{ a: 1 }] } };
    expect(renderTable(item, { ...PIPED, columns: ['report.score', 'tags'] })).toBe('report.score\ttags\n3\ta\n');
  });
});

describe('renderTable: TTY layout', () => {
  it('starts with a heading: brand, market, period; the period is not repeated below', () => {
    const env = { data: { period: { from: '2025-01-01', to: '2025-01-07', days: 7, tz: 'UTC' }, tasks: [{ id: 1 }] }, meta: META };
    expect(renderTable(env, { ...TTY, spec: TASKS })).toBe('Acme · US-en · United States · 2025-01-01 – 2025-01-07 (7 days)\n\nid\n──\n 1\n\nperiod.tz  UTC\n');
  });

  it('drops the market label from the heading, then the span in days, then puts it over two lines', () => {
    const env = { data: { period: { from: '2025-01-01', to: '2025-01-07', days: 7 }, tasks: [{ id: 1 }] }, meta: META };
    const heading = (width: number) => renderTable(env, { ...TTY, spec: TASKS, width }).split('\n\n')[0];
    expect(heading(63)).toBe('Acme · US-en · United States · 2025-01-01 – 2025-01-07 (7 days)');
    expect(heading(62)).toBe('Acme · US-en · 2025-01-01 – 2025-01-07 (7 days)');
    expect(heading(46)).toBe('Acme · US-en · 2025-01-01 – 2025-01-07');
    expect(heading(37)).toBe('Acme · US-en\n2025-01-01 – 2025-01-07');
    for (const w of [20, 37, 46]) for (const line of heading(w)?.split('\n') ?? []) expect(displayWidth(line)).toBeLessThanOrEqual(w);
  });

  it('has no heading when nothing is known, and none when piped', () => {
    expect(renderTable({ data: [{ a: 1 }], meta: {} }, TTY).startsWith('a\n')).toBe(true);
    expect(renderTable({ data: [{ a: 1 }], meta: META }, PIPED)).toBe('a\n1\n');
  });

  it('right-aligns numeric columns, including numbers sent as text, and marks null', () => {
    const out = renderTable(
      {
        data: [
          { name: 'a', n: 5, s: '12.5', mixed: 'x' },
          { name: 'bb', n: 123, s: null, mixed: 1 },
        ],
      },
      TTY,
    );
    expect(out).toBe('name    n     s  mixed\n────  ───  ────  ─────\na       5  12.5  x\nbb    123     –  1\n');
  });

  it('shortens long text with an ellipsis to fit, and --wide keeps it whole', () => {
    const long = 'x'.repeat(200);
    const narrow = renderTable({ data: [{ id: 1, text: long }] }, { ...TTY, width: 40 });
    for (const line of narrow.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(narrow).toContain('…');
    const wide = renderTable({ data: [{ id: 1, text: long }] }, { ...TTY, width: 40, wide: true });
    expect(wide).toContain(long);
    expect(wide).not.toContain('…');
  });

  it('--wide wraps text at spaces within the width, header, rule and heading included; only a word wider than its room goes past', () => {
    const env = {
      data: [{ id: 1, text: 'a sentence long enough to need several lines in a narrow column', n: 5 }],
      meta: { ...META, market: { ...META.market, label: 'United States of America (English)' } },
    };
    const out = renderTable(env, { ...TTY, width: 30, wide: true });
    expect(out).not.toContain('…');
    for (const line of out.trimEnd().split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(30);
    expect(out.split('\n').slice(0, 9)).toEqual([
      'Acme',
      'US-en · United States of',
      'America (English)',
      '',
      'id  text                     n',
      '──  ───────────────────────  ─',
      ' 1  a sentence long enough   5',
      '    to need several lines',
      '    in a narrow column',
    ]);
    const url = `https://example.com/${'segment/'.repeat(5)}`;
    const long = renderTable({ data: [{ id: 1, url }] }, { ...TTY, width: 30, wide: true });
    expect(long.split('\n').filter((l) => displayWidth(l) > 30)).toEqual([url]);
  });

  it('--wide: a value of a key/value row wraps beside its key, or under it when a word of it is too wide', () => {
    const text = 'a sentence long enough to need two lines';
    const out = renderTable({ data: { note: text, link: `https://example.com/${'x'.repeat(30)}` } }, { ...TTY, width: 30, wide: true });
    expect(out.split('\n')).toEqual(['note  a sentence long enough', '      to need two lines', 'link', `https://example.com/${'x'.repeat(30)}`, '']);
  });

  it('shows a table too wide to fit as one block per record, nothing cut to nothing', () => {
    const row = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`column_${i}`, `value ${i}`]));
    const second = Object.fromEntries(Object.entries({ ...row, column_0: null }).filter(([k]) => k !== 'column_11'));
    const out = renderTable({ data: [row, second] }, { ...TTY, width: 40 });
    const lines = out.split('\n');
    expect(lines[0]).toBe(`── 1/2 ${'─'.repeat(33)}`);
    expect(lines[12]).toBe('column_11  value 11');
    expect(lines[13]).toBe(`── 2/2 ${'─'.repeat(33)}`);
    expect(lines[14]).toBe('column_0   –'); // null
    expect(lines[25]).toBe('column_11'); // missing from this record
    for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(40);
  });

  it('treats an unusable width as the default and a tiny one as 20', () => {
    const env = { data: [{ text: 'y'.repeat(200) }] };
    expect(renderTable(env, { ...TTY, width: Number.NaN }).split('\n')[2]).toHaveLength(80);
    expect(renderTable(env, { ...TTY, width: 0 }).split('\n')[2]).toHaveLength(80);
    expect(renderTable(env, { ...TTY, width: 5 }).split('\n')[2]).toHaveLength(20);
  });

  it('colours only when asked, whatever the environment says', () => {
    const env = { data: [{ a: 1, b: null }], meta: META };
    const plain = renderTable(env, { ...TTY, color: false });
    expect(plain).not.toContain('\u001b');
    const coloured = renderTable(env, { ...TTY, color: true });
    expect(coloured).toContain('\u001b[2m'); // the dimmed heading and null mark
    expect(coloured).toContain('\u001b[1m'); // the bold header
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });
});

describe('renderTable: piped layout', () => {
  it('keeps every record on one line: TAB and LF in values become visible escapes', () => {
    const out = renderTable({ data: [{ a: 'x\ty', b: 'line1\nline2\r' }] }, PIPED);
    expect(out).toBe('a\tb\nx\\ty\tline1\\nline2\\r\n');
  });

  it('never shortens and never colours', () => {
    const long = 'z'.repeat(500);
    expect(renderTable({ data: [{ a: long }] }, { ...PIPED, width: 20, color: true })).toBe(`a\n${long}\n`);
  });
});

describe('renderTable: nothing is silently dropped', () => {
  // Random nested data with unique tokens for every string, number and key, so that
  // finding a token in the output means that very field was shown.
  const key = fc.stringMatching(/^[a-z]{1,3}$/);
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  }));

  function tokenise(v: unknown, tokens: string[]): unknown {
    const next = () => String(100_000 + tokens.length);
    if (typeof v === 'string') {
      const t = `s${next()}x`;
      tokens.push(t);
      return t;
    }
    if (typeof v === 'number') {
      const t = next();
      tokens.push(t);
      return Number(t);
    }
    if (Array.isArray(v)) return v.map((item) => tokenise(item, tokens));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [, child] of Object.entries(v)) {
        const k = `k${next()}`;
        tokens.push(k);
        out[k] = tokenise(child, tokens);
      }
      return out;
    }
    return v;
  }

  it('shows every key and every string and number of data, piped (stdout and stderr) and with --wide', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (raw, useSpec) => {
        const tokens: string[] = [];
        const data = tokenise(raw, tokens);
        const spec =
          useSpec && data !== null && typeof data === 'object' && !Array.isArray(data)
            ? { id: 'x', collection: Object.keys(data)[0], noun: 'things' }
            : undefined;
        // The main table is not titled with its key (the command names it); everything else counts.
        const { key } = selectRows(data, { collection: spec?.collection });
        const required = tokens.filter((t) => t !== key);
        // Piped, stdout and stderr together.
        const { rows, rest } = renderPlainTable({ data, meta: META }, { spec });
        for (const out of [rows + rest, renderTable({ data, meta: META }, { ...TTY, wide: true, spec })]) {
          for (const t of required) expect(out).toContain(t);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never draws a line wider than the terminal without --wide', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 20, max: 160 }), (raw, width) => {
        const out = renderTable({ data: tokenise(raw, []), meta: META }, { ...TTY, width });
        for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }),
      { numRuns: 300 },
    );
  });
});
