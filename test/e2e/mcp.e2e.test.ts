/**
 * `vis mcp` driven as an agent drives it: the MCP SDK's own client over stdio, against
 * `vis --demo mcp` (the sandbox). What only a real process shows: the protocol on stdout,
 * every tool answered and checked against its output schema (the client validates
 * structured content with ajv), the read cap and the size bound per connection, errors as
 * tool results, the end when stdin closes or on SIGTERM.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cleanEnv, VIS } from './helpers.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [VIS, '--demo', 'mcp', ...args], env: cleanEnv(env), stderr: 'pipe' });
  const client = new Client({ name: 'vis-e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

interface Answer {
  data: Record<string, unknown> & { [k: string]: unknown };
  meta: unknown;
  reads: { spent: number; left: number };
  truncated: null | { kept: number; total: number; hint: string };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ...r, answer: r.structuredContent as Answer | undefined, text: (r.content as Array<{ text: string }>)[0]?.text ?? '' };
}

/** A raw protocol session: lines written to stdin, every line of stdout kept. */
function raw(args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [VIS, '--demo', 'mcp', ...args], {
    env: cleanEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  let stdout = '';
  let stderr = '';
  const waiting: Array<{ id: number; resolve: (m: Record<string, unknown>) => void }> = [];
  const seen: Array<Record<string, unknown>> = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    const lines = stdout.split('\n').filter((l) => l !== '');
    for (const line of lines.slice(seen.length)) {
      const m = JSON.parse(line) as Record<string, unknown>;
      seen.push(m);
      for (const w of waiting.filter((x) => x.id === m.id)) w.resolve(m);
    }
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const reply = (id: number | null) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const found = seen.find((m) => m.id === id);
      if (found) resolve(found);
      else waiting.push({ id: id as number, resolve });
    });
  const send = (m: unknown) => child.stdin.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  const init = async () => {
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await reply(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  };
  return { child, send, reply, init, out: () => stdout, err: () => stderr };
}

describe('vis --demo mcp', () => {
  it('lists a read-only tool per data endpoint, usage, brands, markets, history and changes; no pitch report without --allow-pitches', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['topics', 'topics_get', 'answers_runs', 'content_gaps', 'brand_perception_transcript', 'usage', 'brands', 'markets', 'history', 'changes'])
      expect(names).toContain(n);
    expect(names).not.toContain('pitches_create');
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(t.outputSchema, t.name).toBeDefined();
    }
    const usage = tools.find((t) => t.name === 'usage')!;
    expect(usage.description).toMatch(/no read spent/);
    const perception = tools.find((t) => t.name === 'brand_perception')!;
    expect(perception.description).toMatch(/Costs 1 read .*Pro or Growth/);
    expect(tools.find((t) => t.name === 'topics')!.inputSchema.properties).toHaveProperty('days');
  });

  it('offers the pitch report, not read-only, with --allow-pitches', async () => {
    const client = await connect(['--allow-pitches']);
    const create = (await client.listTools()).tools.find((t) => t.name === 'pitches_create');
    expect(create?.annotations?.readOnlyHint).toBe(false);
    expect(create?.description).toMatch(/spends one/i);
  });

  it('answers every tool from the sandbox, each valid against its output schema; a repeated call spends no read', async () => {
    const client = await connect(['--max-reads', '100', '--max-bytes', '10000000']);
    const { tools } = await client.listTools();
    const first = (await call(client, 'topics')).answer!;
    const topic = (first.data.topics as Array<{ id: string }>)[0]!.id;
    const competitor = ((await call(client, 'competitors')).answer!.data.competitors as Array<{ name: string; is_brand?: boolean }>).find(
      (c) => !c.is_brand,
    )!.name;
    const task = ((await call(client, 'tasks')).answer!.data.tasks as Array<{ id: unknown }>)[0]!.id;
    const pitch = ((await call(client, 'pitches')).answer!.data.pitches as Array<{ id: unknown }>)[0]!.id;
    const args: Record<string, Record<string, unknown>> = {
      topics_get: { id: topic },
      competitors_get: { name: competitor },
      tasks_get: { id: String(task) },
      pitches_get: { pitch_id: pitch as number },
      answers_runs: { prompt: 'startup-best-crm' },
      history: { kind: 'topics', since: '7d' },
    };
    for (const t of tools) {
      const r = await call(client, t.name, args[t.name] ?? {});
      expect(r.isError, `${t.name}: ${r.text}`).toBeFalsy();
      expect(Object.keys(r.answer!).sort(), t.name).toEqual(['data', 'meta', 'reads', 'truncated']);
      expect(JSON.parse(r.text), t.name).toEqual(r.answer);
    }
    const before = (await call(client, 'usage')).answer!.reads;
    const again = await call(client, 'topics');
    expect(again.answer!.data).toEqual(first.data);
    expect(again.answer!.reads).toEqual(before);
  });

  it('reads several brands in one call where the list does', async () => {
    const client = await connect([], { VIS_API_KEY: 'vis_demo_agency' });
    const r = await call(client, 'topics', { brand: 'all' });
    expect(r.isError, r.text).toBeFalsy();
    const results = r.answer!.data.results as Array<{ brand: { name: string }; data: unknown }>;
    expect(results.length).toBe(3);
    expect(r.answer!.reads.spent).toBeGreaterThanOrEqual(3);
  });

  it('a bad argument is a tool error naming it, with no read spent', async () => {
    const client = await connect(['--max-reads', '5']);
    const bad = await call(client, 'topics', { days: 0 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/"days" must be a whole number from 1 to 90/);
    const item = await call(client, 'topics_get', { id: 'crm', brand: ['a', 'b'] });
    expect(item.isError).toBe(true);
    expect(item.text).toMatch(/"brand"/);
    expect((await call(client, 'usage')).answer!.reads).toEqual({ spent: 0, left: 5 });
  });

  it('refuses past the read cap with isError, and still answers from the cache', async () => {
    const client = await connect(['--max-reads', '1']);
    expect((await call(client, 'topics')).isError).toBeFalsy();
    const refused = await call(client, 'overview');
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/spent its 1 reads \(vis mcp --max-reads\)/);
    expect((await call(client, 'topics')).isError).toBeFalsy();
    expect((await call(client, 'usage')).isError).toBeFalsy();
  });

  it('a plan error is a tool result naming the plan', async () => {
    const client = await connect([], { VIS_API_KEY: 'vis_demo_monitor' });
    const r = await call(client, 'brand_perception');
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/feature_not_in_plan/);
    expect(r.text).toMatch(/Pro or Growth plan/);
  });

  it('cuts a huge answer to whole records with the note, never sending it whole', async () => {
    const client = await connect(['--max-bytes', '3000']);
    const r = await call(client, 'answers_runs', { prompt: 'startup-best-crm' });
    expect(r.isError, r.text).toBeFalsy();
    expect(r.answer!.truncated).toMatchObject({ total: expect.any(Number) });
    expect(r.answer!.truncated!.kept).toBeLessThan(r.answer!.truncated!.total);
    expect(r.answer!.truncated!.hint).toMatch(/To narrow it/);
    expect((r.answer!.data.runs as unknown[]).length).toBe(r.answer!.truncated!.kept);
    expect(Buffer.byteLength(JSON.stringify({ content: r.content, structuredContent: r.structuredContent }))).toBeLessThanOrEqual(3000);
  });

  it('answers a malformed line with a JSON-RPC parse error (id null) and goes on; the key is in no message', async () => {
    const s = raw([], { VIS_API_KEY: 'vis_demo_growth' });
    await s.init();
    s.send('{this is not json');
    const parse = await s.reply(null);
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    s.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'usage', arguments: {} } });
    s.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'topics', arguments: { days: 'x' } } });
    s.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'topics', arguments: {} } });
    expect((await s.reply(2)).result).toBeDefined();
    expect((await s.reply(3)).result).toMatchObject({ isError: true });
    expect((await s.reply(4)).result).toBeDefined();
    const exited = once(s.child, 'exit');
    s.child.stdin.end();
    await exited;
    expect(s.out()).not.toContain('vis_demo_growth');
    expect(s.err()).not.toContain('vis_demo_growth');
    for (const line of s
      .out()
      .split('\n')
      .filter((l) => l !== ''))
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });

  it('refuses a bad --max-reads or --max-bytes before serving: exit 2, the flag named, nothing on stdout', async () => {
    for (const args of [
      ['--max-reads', 'lots'],
      ['--max-bytes', '10'],
    ]) {
      const child = spawn(process.execPath, [VIS, '--demo', 'mcp', ...args], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(2);
      expect(stderr).toContain(args[0]);
      expect(stdout).toBe('');
    }
  });

  for (const how of ['stdin closing', 'SIGTERM'] as const) {
    it(`ends on ${how}, with nothing but protocol on stdout`, async () => {
      const s = raw();
      await s.init();
      const exited = once(s.child, 'exit');
      if (how === 'SIGTERM') s.child.kill('SIGTERM');
      else s.child.stdin.end();
      const [code, signal] = (await exited) as [number | null, string | null];
      expect(signal).toBeNull();
      expect(code).toBe(how === 'SIGTERM' ? 143 : 0);
      for (const line of s
        .out()
        .split('\n')
        .filter((l) => l !== ''))
        expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    });
  }
});
