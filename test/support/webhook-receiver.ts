/**
 * A chat webhook on 127.0.0.1 (a free port the system picks) for the notification tests:
 * it records each request (method, headers, body parsed as JSON) and answers them in turn
 * with the statuses given (the last one repeats); `hang` never answers. With `limits`, it
 * refuses what the real receiver refuses, as it does: `teams`, a message over 28 KB (413);
 * `slack`, more than 50 blocks, a header over 150 characters, a block's text over 3,000, or
 * blocks whose text adds up to more than 13,000 (400).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = { status: number; headers?: Record<string, string> } | 'hang';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Receiver {
  /** http://127.0.0.1:PORT/services/T000/B000/<secret path>: a path that must never be printed. */
  url: string;
  /** The secret part of the URL's path, to look for in every output. */
  secret: string;
  received: Received[];
  close(): Promise<void>;
}

/** The status the real receiver answers a body it refuses with; undefined when it takes it. */
export function refusedBy(limits: 'slack' | 'teams', text: string): number | undefined {
  if (limits === 'teams') return Buffer.byteLength(text) > 28 * 1024 ? 413 : undefined;
  const blocks = (JSON.parse(text) as { blocks?: Array<{ type: string; text?: { text: string }; elements?: Array<{ text: string }> }> }).blocks ?? [];
  const texts = blocks.map((b) => [...(b.text?.text ?? b.elements?.map((e) => e.text).join('') ?? '')].length);
  if (blocks.length > 50) return 400;
  if (blocks.some((b, i) => (b.type === 'header' ? (texts[i] ?? 0) > 150 : (texts[i] ?? 0) > 3000))) return 400;
  return texts.reduce((a, b) => a + b, 0) > 13_000 ? 400 : undefined;
}

export async function startReceiver(replies: Reply[] = [{ status: 200 }], o: { limits?: 'slack' | 'teams' } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the test says what it expected.
      }
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const refused = o.limits === undefined ? undefined : refusedBy(o.limits, text);
      const reply = refused !== undefined ? { status: refused } : replies[Math.min(received.length - 1, replies.length - 1)]!;
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
      res.end(reply.status < 300 ? 'ok' : 'failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const secret = 'XsecretXwebhookXpath0123456789';
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/${secret}`,
    secret,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
