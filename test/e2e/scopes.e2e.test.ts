/**
 * Several brands and markets as users run them: the built bundle spawned against the
 * built-in sandbox with the agency key, into a pipe (cron, jq) and on a real terminal (a
 * pty from util-linux `script`, COLUMNS narrow). The rules are pinned in-process in
 * test/cli/commands/data-scopes.test.ts; this checks the process: exit codes, what goes
 * to stdout and what to stderr.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runVis, shellQuote, VIS } from './helpers.js';

const agency = () => cleanEnv({ VIS_API_KEY: 'vis_demo_agency' });

describe('several brands into a pipe', () => {
  it('topics --all-brands --format csv: one header, brand and market first, every brand, nothing on stderr', async () => {
    const r = await runVis(['--demo', 'topics', '--all-brands', '--format', 'csv'], { env: agency() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^brand,market,id,/);
    expect(lines.filter((l) => l.startsWith('brand,'))).toHaveLength(1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(['Bluepeak Outdoor', 'Larkspur Dental', 'Copperline Payments']));
  });

  it('search-performance --all-brands: the brands with search console on stdout, the one without named on stderr, exit 4', async () => {
    const r = await runVis(['--demo', 'search-performance', '--all-brands', '--format', 'json'], { env: agency() });
    expect(r.code).toBe(4);
    const doc = JSON.parse(r.stdout) as { data: { results: Array<{ brand: { name: string }; error: { code: string } | null }> } };
    expect(doc.data.results.map((x) => [x.brand.name, x.error?.code ?? null])).toEqual([
      ['Bluepeak Outdoor', null],
      ['Larkspur Dental', 'integration_not_connected'],
      ['Copperline Payments', null],
    ]);
    expect(r.stderr).toMatch(/^vis: Larkspur Dental \(GB-en\): /m);
  });

  it('an item command asked for several brands: exit 2, nothing read, nothing on stdout', async () => {
    const r = await runVis(['--demo', 'topics', 'hiking-boots', '--all-brands'], { env: agency() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--all-brands: vis topics <id> reads one brand and one market');
  });
});

describe('several markets on a terminal', () => {
  it('topics --market US-en,GB-en,DE-de at 60 columns: one row per topic, a column per market, no line over the width', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-scopes-tty-'));
    const log = join(dir, 'typescript');
    const env = cleanEnv({ VIS_API_KEY: 'vis_demo_growth', COLUMNS: '60' });
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(' ');
    const script = `stty cols 60 rows 50; env -i ${exports} ${shellQuote(process.execPath)} ${shellQuote(VIS)} --demo topics --market US-en,GB-en,DE-de --no-pager`;
    const child = spawn('script', ['-q', '-e', '-c', script, log], {
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm' },
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    // What the terminal shows: the progress line, when the reads take long enough to draw
    // it, is rewritten in place (cursor to column 1, erase), so each line is checked as
    // the pieces the cursor moves between, without their escape sequences.
    const raw = readFileSync(log, 'utf8').split('\n').slice(1, -2).join('\n');
    const shown = raw
      .split('\n')
      .flatMap((line) => line.split(/\r|\x1b\[1G/))
      .map((piece) => piece.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''));
    const seen = shown.join('\n');
    expect(seen).toMatch(/US-en +GB-en +DE-de/);
    expect(seen).toMatch(/crm-for-startups +\d+\.\d% +\d+\.\d% +\d+\.\d%/);
    for (const line of shown) expect([...line].length, line).toBeLessThanOrEqual(60);
  });
});
