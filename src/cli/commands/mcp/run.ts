/**
 * `vis mcp`: an MCP server over stdio for AI agents. It reads through the same session as
 * the CLI (key, profile, base URL, cache, pacing) and keeps a per-connection read cap.
 * stdout carries protocol messages only. It ends when stdin closes or on Ctrl-C / SIGTERM.
 */
import type { Context } from '../../../services/context.js';
import { endpointById, type EndpointSpec } from '../../../endpoints.js';
import { VisError } from '../../../errors.js';
import { sendCached } from '../../../services/cached.js';
import { scopeRequest } from '../../../services/scope-request.js';
import { openSession, type Session } from '../../../services/session.js';
import type { McpOptions } from './parse.js';

/** What a tool answers: the data, and what the connection has spent and has left. */
interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The reads one connection spends: only those the API charges (not free ones, not cache hits). */
export class ReadBudget {
  private spent = 0;
  constructor(readonly max: number) {}
  get reads(): { spent: number; left: number } {
    return { spent: this.spent, left: Math.max(0, this.max - this.spent) };
  }
  /** May a read the API charges be sent? */
  allows(spec: Pick<EndpointSpec, 'free'>): boolean {
    return spec.free || this.spent < this.max;
  }
  count(spec: Pick<EndpointSpec, 'free'>, fromCache: boolean): void {
    if (!spec.free && !fromCache) this.spent += 1;
  }
}

function errorResult(message: string, hint: string | undefined): ToolResult {
  return { content: [{ type: 'text', text: hint ? `${message}\n${hint}` : message }], isError: true };
}

/** One read of an endpoint without brand or market (usage), as the tool answers it. */
async function readTool(ctx: Context, session: Session, budget: ReadBudget, spec: EndpointSpec): Promise<ToolResult> {
  if (!budget.allows(spec)) {
    return errorResult(
      `This connection has spent its ${budget.max} reads (vis mcp --max-reads).`,
      'Use the history (vis history) or narrow the question; a repeated question is answered from the cache.',
    );
  }
  try {
    const res = await sendCached(ctx, session, spec, scopeRequest(spec, undefined, undefined));
    budget.count(spec, res.fromCache !== undefined);
    const structured = { data: res.envelope.data, meta: res.envelope.meta ?? null, reads: budget.reads, truncated: null };
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (e) {
    if (e instanceof VisError) return errorResult(e.message, e.hint);
    throw e;
  }
}

export async function runMcp(options: McpOptions, ctx: Context): Promise<void> {
  const session = await openSession(ctx, options.session);
  try {
    const { McpServer, StdioServerTransport } = await import('../../../mcp/sdk.js');
    const server = new McpServer({ name: 'vis', version: ctx.version });
    const budget = new ReadBudget(options.maxReads);
    const usage = endpointById('usage');
    server.registerTool(
      'usage',
      {
        title: 'Read budget',
        description: `${usage.summary}. Free: no read spent. Available on every plan.`,
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      () => readTool(ctx, session, budget, usage),
    );
    const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      // The SDK's transport does not end with its input: an agent closing stdin ends the server.
      ctx.io.stdin.once('end', () => void server.close());
      ctx.signal.addEventListener('abort', () => void server.close(), { once: true });
    });
    await server.connect(transport);
    await closed;
  } finally {
    await session.close();
  }
}
