/**
 * Seeded randomness for the sandbox's data. Every figure is drawn from a generator seeded
 * by the names of what it describes (brand, market, question, engine, date), never from
 * Math.random or the wall clock, so the same request gives the same bytes for the same
 * clock, on every machine, and the same fact (one engine's answer to one question on one
 * day) is identical in every endpoint that shows it.
 */

const FNV_OFFSET = 0x811c9dc5;
/** The names' separator in a seed (rngFor): U+001F, the unit separator. */
const SEPARATOR = 0x1f;

/** FNV-1a of `h` followed by the UTF-16 code units of `text`. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** FNV-1a over the UTF-16 code units, finished with murmur3's fmix32 so that seeds from
 * near-identical names ("q-1", "q-2") still land far apart. */
export function hash32(text: string): number {
  return fmix32(fnv(FNV_OFFSET, text));
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** Normal deviate (Box-Muller); used for traffic volumes, which are lumpy. */
  normal(mean: number, sd: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** A generator seeded by the given names, e.g. rngFor(brandId, 'US-en', 'q-3', 'gemini', '2025-03-01'). */
export function rngFor(...parts: readonly (string | number)[]): Rng {
  // hash32(parts.join('\u001f')), without making the joined string: a simulated day draws
  // some hundred thousand generators.
  let h = FNV_OFFSET;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) h = Math.imul(h ^ SEPARATOR, 0x01000193);
    h = fnv(h, String(parts[i]));
  }
  return new Rng(fmix32(h));
}
