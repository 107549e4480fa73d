/**
 * A fake PostgreSQL server on loopback (port 0) that speaks just enough of the wire
 * protocol to behave as a real server never does, for the tests of what vis makes of it:
 * - `echo`: asks for a cleartext password (AuthenticationCleartextPassword), reads it, and
 *   answers with an ErrorResponse whose message, detail and hint quote it back;
 * - `mute`: logs in (AuthenticationOk, ReadyForQuery), then never answers a query.
 * SSL requests are refused ('N'), as by a server without SSL.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type FakePgMode = 'echo' | 'mute';

export interface FakePg {
  readonly port: number;
  /** The passwords the clients sent. */
  readonly passwords: string[];
  /** How many queries arrived (and were left unanswered). */
  queries(): number;
  stop(): Promise<void>;
}

const SSL_REQUEST = 80877103;

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** An ErrorResponse: severity, SQLSTATE 28P01 (invalid_password), message, detail, hint. */
function errorResponse(text: { message: string; detail: string; hint: string }): Buffer {
  const field = (code: string, value: string) => Buffer.concat([Buffer.from(code, 'latin1'), Buffer.from(value, 'utf8'), Buffer.from([0])]);
  return message(
    'E',
    Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', '28P01'),
      field('M', text.message),
      field('D', text.detail),
      field('H', text.hint),
      Buffer.from([0]),
    ]),
  );
}

export async function startFakePg(mode: FakePgMode): Promise<FakePg> {
  const passwords: string[] = [];
  const sockets = new Set<Socket>();
  let queries = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          const code = buf.readInt32BE(4);
          buf = buf.subarray(len);
          if (code === SSL_REQUEST) {
            socket.write('N');
            continue;
          }
          started = true;
          if (mode === 'echo') socket.write(message('R', int32(3)));
          else socket.write(Buffer.concat([message('R', int32(0)), message('Z', Buffer.from('I', 'latin1'))]));
          continue;
        }
        if (buf.length < 5) return;
        const type = String.fromCharCode(buf[0]!);
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        const body = buf.subarray(5, len + 1);
        buf = buf.subarray(len + 1);
        if (type === 'p') {
          const password = body.subarray(0, body.indexOf(0)).toString('utf8');
          passwords.push(password);
          socket.end(
            errorResponse({
              message: `password authentication failed for user "vis": got "${password}"`,
              detail: `Connection matched line 1: the password sent was ${password}`,
              hint: `Try another than ${encodeURIComponent(password)}`,
            }),
          );
          return;
        }
        if (type === 'X') {
          socket.end();
          return;
        }
        // A query (simple or extended): never answered.
        if (type === 'Q' || type === 'P') queries++;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    passwords,
    queries: () => queries,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
