/**
 * `vis --demo changes --notify`: the demo's changes are made up, so they go only to a
 * webhook on this machine (a local receiver, to rehearse a cron job), marked as demo data
 * in every format; a webhook elsewhere, saved or in VIS_NOTIFY_URL, is refused with exit 2
 * before anything is read or sent.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/run.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';

/** The demo's day, and no key: the demo's own. */
const DAY = { VIS_DEMO_DATE: '2026-11-28', VIS_API_KEY: undefined };

function configDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'vis-demo-notify-')), 'config');
}

describe('vis --demo changes --notify', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('a saved webhook that is not on this machine: exit 2 naming --demo and the way on, nothing read or sent, the URL not shown', async () => {
    const env = { VIS_CONFIG_DIR: configDir(), ...DAY };
    const saved = await runInProcess(['config', 'set', 'notify'], { env, io: { stdin: 'https://hooks.slack.com/services/T0/B0/SAVEDSECRET\n' } });
    expect(saved.code).toBe(0);
    for (const argv of [
      ['--demo', 'changes', '--notify'],
      ['--demo', 'changes', '--notify-always', '-q'],
    ]) {
      const r = await runInProcess(argv, { env });
      expect([r.code, r.stdout, r.requests.length]).toEqual([2, '', 0]);
      expect(r.stderr).toContain('--demo notifies only a webhook on this machine (localhost, 127.0.0.0/8, [::1])');
      expect(r.stderr).toContain('the saved notify setting points to https://hooks.slack.com/…');
      expect(r.stderr).toContain('drop --demo');
      expect(r.stderr).not.toContain('SAVEDSECRET');
    }
  });

  it('VIS_NOTIFY_URL elsewhere, with --demo or VIS_DEMO=1: exit 2', async () => {
    const env = { VIS_NOTIFY_URL: 'https://example.logic.azure.com/workflows/ENVSECRET', ...DAY };
    for (const r of [
      await runInProcess(['--demo', 'changes', '--notify'], { env }),
      await runInProcess(['changes', '--notify'], { env: { ...env, VIS_DEMO: '1' } }),
    ]) {
      expect([r.code, r.stdout, r.requests.length]).toEqual([2, '', 0]);
      expect(r.stderr).toContain('--demo notifies only a webhook on this machine');
      expect(r.stderr).toContain('VIS_NOTIFY_URL points to https://example.logic.azure.com/…');
      expect(r.stderr).not.toContain('ENVSECRET');
    }
  });

  it('a loopback webhook gets the demo’s changes marked as demo data: Slack, Teams and json', async () => {
    receiver = await startReceiver();
    const post = async (format: string) => {
      const r = await runInProcess(['--demo', 'changes', '--notify-always', '-q'], {
        realTransport: true,
        env: { VIS_NOTIFY_URL: receiver!.url, VIS_NOTIFY_FORMAT: format, ...DAY },
      });
      expect(r.code).toBe(0);
      expect(`${r.stdout}${r.stderr}`).not.toContain(receiver!.secret);
      return receiver!.received[receiver!.received.length - 1]!.body as Record<string, unknown>;
    };
    const slack = (await post('slack')) as { text: string; blocks: Array<{ text?: { text: string } }> };
    expect(slack.text).toMatch(/^AI visibility: .* \(demo data\)$/);
    expect(slack.blocks[0]!.text!.text).toMatch(/\(demo data\)$/);
    const teams = JSON.stringify(await post('teams'));
    expect(teams).toMatch(/"text":"AI visibility: [^"]* \(demo data\)"/);
    const json = (await post('json')) as { meta: { api: string; demo: boolean } };
    expect(json.meta).toMatchObject({ api: 'demo', demo: true });
    expect(receiver.received).toHaveLength(3);
  });

  it('localhost is this machine too: the post is made', async () => {
    receiver = await startReceiver();
    const url = receiver.url.replace('127.0.0.1', 'localhost');
    const r = await runInProcess(['--demo', 'changes', '--notify-always', '-q'], {
      realTransport: true,
      env: { ...DAY, VIS_NOTIFY_URL: url, VIS_NOTIFY_FORMAT: 'json' },
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(receiver.received).toHaveLength(1);
  });
});
