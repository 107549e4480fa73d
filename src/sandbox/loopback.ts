import { isIPv4 } from 'node:net';

/**
 * Whether `host` can only be reached from this machine: `localhost`, 127.0.0.0/8 or ::1.
 * The sandbox accepts publicly known demo keys, so it must never listen on a network.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIPv4(bare)) return bare.split('.')[0] === '127';
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

export function assertLoopbackHost(host: string): void {
  if (!isLoopbackHost(host)) {
    throw new Error(`the sandbox only listens on loopback (localhost, 127.0.0.1, ::1), not "${host}": its demo keys are public`);
  }
}

/** The host as it appears in a URL: IPv6 addresses go in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
