/**
 * The read cap of one `vis mcp` connection (--max-reads): only reads the API charges
 * count, never a free one nor an answer from the cache.
 */
import type { EndpointSpec } from '../../../endpoints.js';

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
  /** May `n` more charged reads be sent? */
  fits(n: number): boolean {
    return this.spent + n <= this.max;
  }
  count(spec: Pick<EndpointSpec, 'free'>, fromCache: boolean): void {
    if (!spec.free && !fromCache) this.spent += 1;
  }
  /** `n` charged reads made by a job over several brands or markets. */
  add(n: number): void {
    this.spent += n;
  }
}
