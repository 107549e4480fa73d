/**
 * The sandbox accepts publicly known demo keys, so it must never listen on a network:
 * only on the hosts the client also counts as loopback (one rule, in http/url.ts).
 */
import { isLoopbackHost } from '../http/url.js';

export { isLoopbackHost };

export function assertLoopbackHost(host: string): void {
  if (!isLoopbackHost(host)) {
    throw new Error(`the sandbox only listens on loopback (localhost, 127.0.0.1, ::1), not "${host}": its demo keys are public`);
  }
}

/** The host as it appears in a URL: IPv6 addresses go in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
