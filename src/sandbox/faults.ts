/**
 * Injected failures, for tests of a client's retry and error paths over real HTTP.
 *
 * Two families:
 * - The request never reaches the API (a gateway or the network failed): `status`,
 *   `html`, `reset` and `no-headers` answer before authentication, so they spend no
 *   read and take no place in the rate-limit window.
 * - The API handled the request and the answer broke on the way back: `non-json`,
 *   `truncated` and `no-data` run the request normally (auth, limits, a read spent on
 *   success) and then damage the response; `slow` just delays it.
 */
import { STATUS_CODES } from 'node:http';
import type { Fault, FaultKind } from './options.js';

const SHORT_CIRCUIT: ReadonlySet<FaultKind> = new Set(['status', 'html', 'reset', 'no-headers']);
const SLOW_DEFAULT_MS = 5000;

export function isShortCircuit(fault: Fault): boolean {
  return SHORT_CIRCUIT.has(fault.kind);
}

export function faultDelay(fault: Fault): number {
  return fault.delayMs ?? (fault.kind === 'slow' ? SLOW_DEFAULT_MS : 0);
}

/** The error code a `status` fault sends when it names none. */
export function defaultFaultCode(status: number): string {
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 504) return 'upstream_error';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'sandbox_fault';
}

/** The page a reverse proxy sends when the API behind it is down. */
export function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** The faults of one sandbox, each with what is left of its `times`. First match wins. */
export class FaultPlan {
  private entries: { fault: Fault; left: number }[] = [];

  constructor(private faults: readonly Fault[]) {
    this.reset();
  }

  replace(faults: readonly Fault[]): void {
    this.faults = faults;
    this.reset();
  }

  reset(): void {
    this.entries = this.faults.map((fault) => ({ fault, left: fault.times ?? Number.POSITIVE_INFINITY }));
  }

  /** The fault for this request, if any, counting it as used. */
  take(method: string, path: string): Fault | null {
    const entry = this.entries.find(
      (e) => e.left > 0 && (e.fault.path === '*' || e.fault.path === path) && (!e.fault.method || e.fault.method.toUpperCase() === method),
    );
    if (!entry) return null;
    entry.left--;
    return entry.fault;
  }
}
