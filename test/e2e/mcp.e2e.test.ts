/**
 * `vis mcp` driven as an agent drives it: the MCP SDK's own client over stdio, against
 * `vis --demo mcp` (the sandbox). What only a real process shows: the protocol on stdout,
 * the end when stdin closes or on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cleanEnv, VIS } from './helpers.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function connect(args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [VIS, '--demo', 'mcp', ...args], env: cleanEnv(), stderr: 'pipe' });
  const client = new Client({ name: 'vis-e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe('vis --demo mcp', () => {
  it('lists the usage tool, read-only, and answers it from the sandbox with the reads spent and left', async () => {
    const client = await connect(['--max-reads', '5']);
    const { tools } = await client.listTools();
    const usage = tools.find((t) => t.name === 'usage');
    expect(usage?.annotations?.readOnlyHint).toBe(true);
    expect(usage?.description).toMatch(/no read spent/);
    const result = await client.callTool({ name: 'usage', arguments: {} });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { data: { reads: unknown }; reads: unknown; truncated: unknown };
    expect(structured.data.reads).toBeDefined();
    expect(structured.reads).toEqual({ spent: 0, left: 5 });
    expect(structured.truncated).toBeNull();
  });

  it('refuses a bad --max-reads before serving: exit 2, the flag named, nothing on stdout', async () => {
    const child = spawn(process.execPath, [VIS, '--demo', 'mcp', '--max-reads', 'lots'], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain('--max-reads');
    expect(stdout).toBe('');
  });

  for (const how of ['stdin closing', 'SIGTERM'] as const) {
    it(`ends on ${how}, with nothing but protocol on stdout`, async () => {
      const child = spawn(process.execPath, [VIS, '--demo', 'mcp'], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      child.stdin.write(`${JSON.stringify(init)}\n`);
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const exited = once(child, 'exit');
      if (how === 'SIGTERM') child.kill('SIGTERM');
      else child.stdin.end();
      await exited;
      for (const line of stdout.split('\n').filter((l) => l !== '')) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    });
  }
});
