/**
 * libpq's default user when the account has no name the system can give (a uid with no
 * passwd entry, as in some containers): `postgres`. Apart from url.test.ts because
 * node:os is replaced for the whole file.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:os')>()),
  userInfo: () => {
    throw new Error('no passwd entry for this uid');
  },
}));

const { pgTarget } = await import('../../../src/history/pg/connect.js');

describe('the default user of an account with no name', () => {
  it('is postgres, and so is the database', async () => {
    const t = await pgTarget('postgres://h', {}, { readFile: () => undefined, home: '/home/none' });
    expect(t.config).toMatchObject({ user: 'postgres', database: 'postgres' });
  });
});
