/**
 * Ports found at run time. No test names a fixed port as free or closed: on a laptop or a
 * shared CI host something may listen on any of them (port 9, discard, is a classic), and
 * two runs of the suite at once must not meet on one.
 */
import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on: the kernel picks a free one for a moment's server,
 * which closes before this returns. A connection to it is refused, and a server may listen
 * on it (the kernel picks its ports from a wide range, so another process rarely gets the
 * same one soon after).
 */
export function unusedPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An API base URL on 127.0.0.1 that refuses every connection (`unusedPort()`). */
export async function refusingBaseUrl(): Promise<string> {
  return `http://127.0.0.1:${await unusedPort()}/api/v1`;
}
