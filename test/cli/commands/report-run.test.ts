/**
 * The refusals of `vis report`'s run step (src/cli/commands/report/run.ts), one by one: the
 * brands of a report (several and none named is refused, naming the flags and listing the
 * brands), the Chromium --pdf needs, and the files --dry-run lists.
 */
import { describe, expect, it } from 'vitest';
import type { BrandRecord } from '../../../src/api/account.js';
import { exitCodeFor, UsageError } from '../../../src/errors.js';
import { sanitizeForTerminal } from '../../../src/text/sanitize.js';
import { renderFiles, reportBrands, requireChromium } from '../../../src/cli/commands/report/run.js';
import type { ReportFile } from '../../../src/cli/commands/report/files.js';

const RECORDS: BrandRecord[] = [
  { id: 201, name: 'Bluepeak Outdoor' },
  { id: 202, name: 'Larkspur\u001b[31m Dental' },
  { id: 203, name: 'Copperline Payments' },
];
const ids = (list: { id?: string | number }[]) => list.map((b) => String(b.id));

describe('the brands of a report', () => {
  it('several brands, none named nor configured: refused (exit 2) naming --brand, --all-brands and --combined, every brand listed, cleaned', () => {
    let err: unknown;
    try {
      reportBrands({ brands: undefined, combined: false }, undefined, RECORDS);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    const u = err as UsageError;
    expect(exitCodeFor(u)).toBe(2);
    expect(u.message).toBe(
      'this account has 3 brands: name them with --brand A,B, or report them all with --all-brands (one file each) or --combined (one file)',
    );
    expect(u.hint).toBe(`Brands: 201 Bluepeak Outdoor, 202 ${sanitizeForTerminal('Larkspur\u001b[31m Dental')}, 203 Copperline Payments`);
    expect(u.hint).not.toContain('\u001b');
    expect(u.code).toBeUndefined();
  });

  it('one brand, none named: that brand; a configured one, or one named: that one, never refused', () => {
    expect(ids(reportBrands({ brands: undefined, combined: false }, undefined, RECORDS.slice(0, 1)))).toEqual(['201']);
    expect(ids(reportBrands({ brands: undefined, combined: false }, { value: '203', source: 'VIS_BRAND' }, RECORDS))).toEqual(['203']);
    expect(ids(reportBrands({ brands: ['202'], combined: false }, undefined, RECORDS))).toEqual(['202']);
    expect(ids(reportBrands({ brands: 'all', combined: false }, undefined, RECORDS))).toEqual(['201', '202', '203']);
  });

  it('--combined with no --brand takes every brand, whatever is configured; with --brand, those', () => {
    expect(ids(reportBrands({ brands: undefined, combined: true }, { value: '203', source: 'VIS_BRAND' }, RECORDS))).toEqual(['201', '202', '203']);
    expect(ids(reportBrands({ brands: undefined, combined: true }, undefined, RECORDS))).toEqual(['201', '202', '203']);
    expect(ids(reportBrands({ brands: ['201,203'], combined: true }, undefined, RECORDS))).toEqual(['201', '203']);
  });
});

describe('the Chromium --pdf needs', () => {
  it('found: its path; none: refused (exit 2) before any read, saying how to get one', () => {
    expect(requireChromium({ findChromium: () => '/opt/chromium' }, {})).toBe('/opt/chromium');
    let err: unknown;
    try {
      requireChromium({ findChromium: () => undefined }, {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe('--pdf needs Chromium or Google Chrome, and none was found: nothing was read');
    expect((err as UsageError).hint).toBe(
      'Install one (apt-get install chromium), or set CHROME_PATH to its program; or open the HTML in a browser and print it to PDF.',
    );
  });

  it('looks in the environment it is given', () => {
    const seen: unknown[] = [];
    requireChromium(
      {
        findChromium: (env) => {
          seen.push(env);
          return '/x';
        },
      },
      { CHROME_PATH: '/x' },
    );
    expect(seen).toEqual([{ CHROME_PATH: '/x' }]);
  });
});

describe('the files --dry-run lists', () => {
  it('each HTML and PDF on its line, stdout for -, names cleaned for the terminal', () => {
    const files: ReportFile[] = [
      { brands: 'all', html: { path: '/r/a\u001b[2J.html', named: true }, pdf: { path: '/r/a.pdf', named: true } },
      { brands: 'all', html: { path: '-', named: false }, pdf: undefined },
    ];
    expect(renderFiles(files)).toBe(`\nFiles:\n  ${sanitizeForTerminal('/r/a\u001b[2J.html')}\n  /r/a.pdf\n  stdout\n`);
    expect(renderFiles(files)).not.toContain('\u001b');
  });
});
