/**
 * `vis changes --notify` in-process, against a local webhook: the changes printed first,
 * then posted in the format asked (Slack blocks, a Teams card, or exactly `-f json`'s
 * document); nothing posted when nothing changed unless --notify-always; a failed post
 * is exit 7 after the output, winning over --exit-code's 8; the webhook refused on the
 * command line; its secret path in no output.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryReader } from '../../../src/history/types.js';
import { clearSecrets } from '../../../src/http/redact.js';
import { FAKE_BASE_URL } from '../../support/http.js';
import { runInProcess } from '../../support/run.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { competitors, history, recorded, topics } from '../../history/changes-fixtures.js';
import { changes as run } from './changes-harness.js';

/** As the other tests of vis changes run it, with `env` added; no key known to the masker from an earlier run. */
function changes(argv: string[], reader: HistoryReader, env: Record<string, string>) {
  clearSecrets();
  return run(argv, reader, { env });
}

const at = { api: FAKE_BASE_URL };

function moved(): HistoryReader {
  return history([
    recorded('2026-11-19', 'topics', topics([['crm-pricing', 41.5, 'CRM pricing']]), at),
    recorded('2026-11-20', 'topics', topics([['crm-pricing', 33.1, 'CRM pricing']]), at),
    recorded('2026-11-19', 'competitors', competitors([['<!channel>', 10]]), at),
    recorded('2026-11-20', 'competitors', competitors([['<!channel>', 30]]), at),
  ]);
}

function still(): HistoryReader {
  return history([
    recorded('2026-11-19', 'topics', topics([['crm-pricing', 41.5, 'CRM pricing']]), at),
    recorded('2026-11-20', 'topics', topics([['crm-pricing', 41.5, 'CRM pricing']]), at),
  ]);
}

describe('vis changes --notify', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('json: the webhook gets exactly the document `-f json` prints', async () => {
    receiver = await startReceiver();
    const env = { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'json' };
    const printed = await changes(['-f', 'json', '--all-brands'], moved(), env);
    const notified = await changes(['--notify', '--all-brands'], moved(), env);
    expect([printed.code, notified.code]).toEqual([0, 0]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toEqual(JSON.parse(printed.stdout));
    // The table was printed first, as without --notify.
    expect(notified.stdout).toContain('Changes from 2026-11-19 to 2026-11-20');
  });

  it('slack: blocks, worst first, the server’s text escaped', async () => {
    receiver = await startReceiver();
    const r = await changes(['--notify', '--all-brands'], moved(), { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'slack' });
    expect(r.code).toBe(0);
    const body = receiver.received[0]!.body as { text: string; blocks: Array<{ type: string; text?: { text: string }; elements?: Array<{ text: string }> }> };
    // The kinds not recorded on both days close the message, counted.
    expect(body.blocks.map((b) => b.type)).toEqual(['header', 'section', 'section', 'context']);
    expect(body.blocks[3]!.elements![0]!.text).toMatch(/^\d+ not compared$/);
    expect(body.blocks[1]!.text!.text).toBe('*Northwind CRM (US-en)* topic · CRM pricing: 41.5 → 33.1 (-8.4)');
    expect(body.blocks[2]!.text!.text).toContain('&lt;!channel&gt;');
  });

  it('teams: one Adaptive Card; a saved notify_format names the format', async () => {
    receiver = await startReceiver();
    const r = await changes(['--notify', '--all-brands'], moved(), { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'teams' });
    expect(r.code).toBe(0);
    const body = receiver.received[0]!.body as { type: string; attachments: Array<{ content: { type: string } }> };
    expect([body.type, body.attachments[0]!.content.type]).toEqual(['message', 'AdaptiveCard']);
  });

  it.each(['slack', 'teams'] as const)(
    '%s: thousands of changes with long names fit what the receiver takes, whole changes then "and N more"',
    async (format) => {
      receiver = await startReceiver([{ status: 200 }], { limits: format });
      // 2,000 topics whose names run to about 700 characters, each one moving.
      const name = (i: number) => `${i} ${'Sehr lange Themenbezeichnung für Geschäftskunden '.repeat(14)}`;
      const ids = Array.from({ length: 2000 }, (_, i) => `topic-${i}`);
      const reader = history([
        recorded('2026-11-19', 'topics', topics(ids.map((id, i) => [id, 60, name(i)] as const)), at),
        recorded('2026-11-20', 'topics', topics(ids.map((id, i) => [id, 20, name(i)] as const)), at),
      ]);
      const r = await changes(['--notify', '--all-brands'], reader, { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: format });
      expect(r.code).toBe(0);
      expect(receiver.received).toHaveLength(1);
      const text = JSON.stringify(receiver.received[0]!.body);
      // Each change listed is whole: its move ends it.
      const listed = (text.match(/Geschäftskunden : 60 → 20 \(-40\)/g) ?? []).length;
      expect(listed).toBeGreaterThan(3);
      expect(text).toContain(`and ${2000 - listed} more (vis changes lists them all)`);
    },
    60_000,
  );

  it('nothing changed: nothing posted; --notify-always posts the "no change"', async () => {
    receiver = await startReceiver();
    const env = { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'slack' };
    expect((await changes(['--notify'], still(), env)).code).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect((await changes(['--notify-always'], still(), env)).code).toBe(0);
    expect((receiver.received[0]!.body as { text: string }).text).toBe('AI visibility: no change from 2026-11-19 to 2026-11-20');
  });

  it('--exit-code with a delivered notification: 8', async () => {
    receiver = await startReceiver();
    const r = await changes(['--notify', '--exit-code', '--all-brands'], moved(), { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'json' });
    expect([r.code, receiver.received.length]).toEqual([8, 1]);
  });

  it('not delivered: exit 7 (over --exit-code’s 8), after the changes are printed, one line, the path never shown', async () => {
    receiver = await startReceiver([{ status: 500 }]);
    const r = await changes(['--notify', '--exit-code', '--all-brands'], moved(), { VIS_NOTIFY_URL: receiver.url, VIS_NOTIFY_FORMAT: 'json' });
    expect(r.code).toBe(7);
    expect(r.stdout).toContain('Changes from 2026-11-19 to 2026-11-20');
    expect(r.stderr).toMatch(/^vis: the notification to http:\/\/127\.0\.0\.1:\d+\/… was not delivered: the receiver answered HTTP 500, twice\n/);
    expect(`${r.stdout}${r.stderr}`).not.toContain(receiver.secret);
  });

  it('no webhook set: exit 2 before the history is opened', async () => {
    const r = await changes(['--notify'], moved(), {});
    expect([r.code, r.opened]).toEqual([2, 0]);
    expect(r.stderr).toContain('--notify needs a webhook: set VIS_NOTIFY_URL');
  });

  it('a webhook typed on the command line is refused, and not echoed', async () => {
    const url = 'https://hooks.slack.com/services/T0/B0/CMDLINESECRET';
    const r = await runInProcess(['changes', '--notify', url]);
    expect(r.code).toBe(2);
    expect(`${r.stdout}${r.stderr}`).not.toContain('CMDLINESECRET');
    expect(r.stderr).toContain('too many arguments: vis changes takes no arguments (got "https://hooks.slack.com/…")');
  });
});

describe('vis config set notify: the webhook from stdin only', () => {
  it('piped in: saved 0600, shown as its host by set, get and list; unset removes it', async () => {
    const secretUrl = 'https://hooks.slack.com/services/T0/B0/STDINSECRET';
    const home = mkdtempSync(join(tmpdir(), 'vis-notify-config-'));
    const env = { VIS_CONFIG_DIR: join(home, 'config') };
    const set = await runInProcess(['config', 'set', 'notify'], { env, io: { stdin: `${secretUrl}\n` } });
    expect([set.code, set.stderr]).toEqual([0, `Saved the webhook https://hooks.slack.com/… to profile "default" in ${join(home, 'config', 'config.json')}\n`]);
    const { readFileSync, statSync } = await import('node:fs');
    const file = join(home, 'config', 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { notify: secretUrl } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const get = await runInProcess(['config', 'get', 'notify'], { env });
    const list = await runInProcess(['config', 'list'], { env });
    expect(get.stdout).toBe('https://hooks.slack.com/…\n');
    expect(list.stdout).toContain('notify = https://hooks.slack.com/…');
    expect(`${get.stdout}${list.stdout}${set.stderr}`).not.toContain('STDINSECRET');
    expect((await runInProcess(['config', 'unset', 'notify'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: {} } });
  });

  it('given as an argument: exit 2, not echoed, nothing written', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-notify-config-'));
    const env = { VIS_CONFIG_DIR: join(home, 'config') };
    const r = await runInProcess(['config', 'set', 'notify', 'https://hooks.slack.com/services/T0/B0/ARGSECRET'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a webhook URL does not belong on the command line');
    expect(`${r.stdout}${r.stderr}`).not.toContain('ARGSECRET');
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(home, 'config', 'config.json'))).toBe(false);
  });

  it('an empty stdin, or a URL that is not https: exit 2, nothing written, the URL not echoed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-notify-config-'));
    const env = { VIS_CONFIG_DIR: join(home, 'config') };
    const empty = await runInProcess(['config', 'set', 'notify'], { env, io: { stdin: '' } });
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining('no webhook URL given')]);
    const plain = await runInProcess(['config', 'set', 'notify'], { env, io: { stdin: 'http://hooks.slack.com/services/PLAINSECRET' } });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('the webhook URL must be an https:// URL');
    expect(plain.stderr).not.toContain('PLAINSECRET');
  });

  it('notify_format takes slack, teams or json; another setting still needs its value', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vis-notify-config-'));
    const env = { VIS_CONFIG_DIR: join(home, 'config') };
    expect((await runInProcess(['config', 'set', 'notify-format', 'Teams'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'notify_format'], { env })).stdout).toBe('teams\n');
    const bad = await runInProcess(['config', 'set', 'notify_format', 'xml'], { env });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('notify_format must be one of slack, teams, json (got "xml")')]);
    const missing = await runInProcess(['config', 'set', 'market'], { env });
    expect([missing.code, missing.stderr]).toEqual([2, 'vis: <value> is required by vis config set\nRun vis config set --help for its usage.\n']);
  });
});
