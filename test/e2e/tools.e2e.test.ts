/**
 * The commands beyond the endpoint table, where a process of their own is what is tested:
 * `vis sandbox` as a server until Ctrl-C, and the API's today in a TZ east of UTC (the
 * process's own time zone). The rest runs in-process: test/cli/tools.test.ts.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runVis, VIS } from './helpers.js';

describe("today is the API's (UTC), east of UTC too", () => {
  // UTC+14: for 14 hours of every day the local date is already the UTC date's tomorrow.
  const TZ = 'Pacific/Kiritimati';
  const dateIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  it('TZ=Pacific/Kiritimati: --from the UTC today is accepted; the local today, when it differs, is refused naming both', async () => {
    const utc = new Date().toISOString().slice(0, 10);
    const local = dateIn(TZ);
    const accepted = await runVis(['--demo', 'topics', '--from', utc, '--format', 'json'], { env: cleanEnv({ TZ }) });
    expect([accepted.code, accepted.stderr]).toEqual([0, '']);
    if (local === utc) return;
    const refused = await runVis(['--demo', 'topics', '--from', local], { env: cleanEnv({ TZ }) });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--from ${local} is after the API's today, ${utc} (UTC); your local date is ${local}`);
  });
});

describe('vis sandbox', () => {
  it('serves until Ctrl-C, prints its base URL and the demo keys', async () => {
    const child = spawn(process.execPath, [VIS, 'sandbox', '--port', '0'], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const base = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no base URL in: ${out}`)), 10_000);
      child.stdout.on('data', () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(out);
        if (m) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
    });
    for (const key of ['vis_demo_growth', 'vis_demo_agency', 'vis_demo_monitor', 'vis_demo_inactive', 'vis_demo_exhausted']) expect(out).toContain(key);
    const r = await runVis(['competitors', '--format', 'json'], { env: cleanEnv({ VIS_BASE_URL: base, VIS_API_KEY: 'vis_demo_growth' }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.competitors.length).toBeGreaterThan(0);
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect([0, 130]).toContain(code);
  });
});
