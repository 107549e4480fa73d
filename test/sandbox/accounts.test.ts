/** The demo accounts and the CLI's list of demo keys (src/domain/demo.ts) stay the same. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_KEY, DEMO_KEYS } from '../../src/domain/demo.js';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts.js';

describe('demo keys', () => {
  it('--demo checks VIS_API_KEY against exactly the sandbox’s accounts', () => {
    expect([...DEMO_KEYS].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.key).sort());
    expect(DEMO_KEYS).toContain(DEFAULT_DEMO_KEY);
  });
});
