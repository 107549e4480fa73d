import { describe, expect, it } from 'vitest';
import { renderGenericTable as renderTable, renderPlainTable } from '../../src/output/table.js';
import type { EndpointId } from '../../src/endpoints.js';
import { knownColumns as knownColumnsOf } from '../../src/schemas/columns.js';
import { expectGolden, goldenNames, UPDATING } from './golden.js';
import { SHAPES } from './shapes.js';

// Goldens: test/golden/output/<shape>.tty-w100.txt, .tty-w60.txt and .plain.txt (the
// piped layout does not depend on the width; that is asserted rather than stored twice).
// A .plain.txt is what goes to stdout, a STDERR_MARK line, then what goes to stderr.
// These test the generic renderer itself, whatever view an endpoint id of a shape has;
// views and their fallback to the generic rendering have goldens of their own
// (views.golden.test.ts).
const STDERR_MARK = '--- stderr ---\n';

describe('generic table renderer: golden output, no colour', () => {
  for (const shape of SHAPES) {
    describe(shape.name, () => {
      for (const width of [100, 60]) {
        it(`tty, width ${width}`, () => {
          const out = renderTable(shape.envelope, { spec: shape.spec, width, color: false, tty: true, wide: false });
          expectGolden(`${shape.name}.tty-w${width}`, out);
        });
      }
      it('piped: stdout, then what goes to stderr, the same at width 100 and 60', () => {
        const at100 = renderTable(shape.envelope, { spec: shape.spec, width: 100, color: false, tty: false, wide: false });
        const at60 = renderTable(shape.envelope, { spec: shape.spec, width: 60, color: false, tty: false, wide: false });
        expect(at60).toBe(at100);
        // With the known columns of the endpoint the shape's spec names, as the CLI passes them.
        const knownColumns = shape.spec === undefined ? undefined : knownColumnsOf(shape.spec.id as EndpointId, (shape.envelope as { data?: unknown }).data);
        const { rows, rest } = renderPlainTable(shape.envelope, { spec: shape.spec, knownColumns });
        if (knownColumns === undefined || knownColumns.length === 0) expect(rows).toBe(at100);
        expectGolden(`${shape.name}.plain`, `${rows}${STDERR_MARK}${rest}`);
      });
    });
  }

  it.skipIf(UPDATING)('has no stale golden files', () => {
    const expected = [...SHAPES.flatMap((s) => [`${s.name}.plain`, `${s.name}.tty-w100`, `${s.name}.tty-w60`]), 'wide.topics.tty-w60'].sort();
    expect(goldenNames()).toEqual(expected);
  });

  it('--wide keeps every value whole', () => {
    const shape = SHAPES.find((s) => s.name === 'topics');
    if (!shape) throw new Error('fixture missing');
    expectGolden('wide.topics.tty-w60', renderTable(shape.envelope, { spec: shape.spec, width: 60, color: false, tty: true, wide: true }));
  });
});
