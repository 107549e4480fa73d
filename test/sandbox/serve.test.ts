/** `vis sandbox`: serves until the signal aborts and says how to use it. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/wait.js';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts.js';
import { serveSandbox } from '../../src/sandbox/serve.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
}

const until = (check: () => boolean) => waitUntil(check, 'the sandbox to say it');

describe('serveSandbox', () => {
  it('prints the base URL, the five demo keys and an example, serves, and stops on abort', async () => {
    const stdout = capture();
    const stderr = capture();
    const controller = new AbortController();
    const serving = serveSandbox({ stdout: stdout.stream, stderr: stderr.stream, signal: controller.signal });
    await until(() => stdout.text().includes('Try:'));

    const baseUrl = /Sandbox API: (\S+)/.exec(stdout.text())?.[1] ?? '';
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    for (const account of DEMO_ACCOUNTS) expect(stdout.text()).toContain(`  ${account.key}`);
    expect(stdout.text()).toContain(`VIS_BASE_URL=${baseUrl} VIS_API_KEY=vis_demo_growth vis topics`);
    expect(stdout.text()).toContain(`${baseUrl}/openapi.json`);

    const res = await fetch(`${baseUrl}/topics`, { headers: { authorization: 'Bearer vis_demo_growth' } });
    expect(res.status).toBe(200);
    await until(() => stderr.text().includes('/api/v1/topics 200'));

    controller.abort();
    await serving;
    expect(stderr.text()).toContain('Sandbox stopped.');
    await expect(fetch(`${baseUrl}/usage`)).rejects.toThrow();
  });

  it('keeps stdout free of logs (they go to stderr)', async () => {
    const stdout = capture();
    const stderr = capture();
    const controller = new AbortController();
    const serving = serveSandbox({ stdout: stdout.stream, stderr: stderr.stream, signal: controller.signal });
    await until(() => stdout.text().includes('Try:'));
    const before = stdout.text();
    const baseUrl = /Sandbox API: (\S+)/.exec(before)?.[1] ?? '';
    await fetch(`${baseUrl}/usage`, { headers: { authorization: 'Bearer vis_demo_growth' } });
    controller.abort();
    await serving;
    expect(stdout.text()).toBe(before);
  });

  it('refuses a host other machines can reach', async () => {
    const out = capture();
    await expect(serveSandbox({ host: '0.0.0.0', stdout: out.stream, stderr: out.stream })).rejects.toThrow(/loopback/);
    expect(out.text()).toBe('');
  });

  it('returns at once when the signal is already aborted', async () => {
    const out = capture();
    await serveSandbox({ stdout: out.stream, stderr: out.stream, signal: AbortSignal.abort() });
    expect(out.text()).toBe('');
  });
});
