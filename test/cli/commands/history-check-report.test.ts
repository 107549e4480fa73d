/**
 * What `vis history check` prints of a store it could not read: what it did not read is
 * said as such, never as zeros ("Size 0 B", "Schema version 0", "Nothing recorded yet")
 * that read as an empty, sound history.
 */
import { describe, expect, it } from 'vitest';
import { checkReport } from '../../../src/cli/commands/history/check.js';
import { emptyCheck, type StoreCheck } from '../../../src/history/types.js';

function check(over: Partial<StoreCheck>): StoreCheck {
  return { ...emptyCheck('h.db'), ...over };
}

describe('vis history check: a store that was not read', () => {
  it('a PostgreSQL history out of reach: no size, no schema version, no count, no "nothing recorded"; the problem follows', () => {
    const problem = 'cannot connect to the PostgreSQL history postgres://u@127.0.0.1:1/db: connection refused';
    const text = checkReport(check({ file: 'postgres://u@127.0.0.1:1/db', unread: true, unreachable: true, problems: [problem] }), [problem]);
    expect(text).not.toMatch(/^Size/m);
    expect(text).toMatch(/^Schema +not read$/m);
    expect(text).toMatch(/^Answers +not read \(see the problems below\)$/m);
    expect(text).not.toContain('Nothing recorded yet.');
    expect(text).toContain(`Problems\n  - ${problem}\n`);
  });

  it('a SQLite file refused for what it holds: its size and schema as found, the answers not read', () => {
    const problem = `trigger "spy" on "answers" is not vis's`;
    const text = checkReport(check({ bytes: 86_016, schemaVersion: 1, unread: true, problems: [problem] }), [problem]);
    expect(text).toMatch(/^Size +86 kB$/m);
    expect(text).toMatch(/^Schema +version 1 \(this vis writes \d+\)$/m);
    expect(text).toMatch(/^Answers +not read/m);
    expect(text).not.toContain('Nothing recorded yet.');
  });

  it('a store that was read and holds nothing says so, with its zeros', () => {
    const text = checkReport(check({ bytes: 4096, schemaVersion: 1 }), []);
    expect(text).toMatch(/^Size +4(\.1)? kB$/m);
    expect(text).toMatch(/^Answers +0 \(0 distinct bodies, each stored once\)$/m);
    expect(text).toContain('Nothing recorded yet.');
    expect(text).toContain('No problems found.');
  });
});
