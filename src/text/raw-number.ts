/**
 * A JSON number kept as the server spelled it, because csv and table print the digits
 * the server sent. JSON.parse turns `9007199254740993` into
 * 9007199254740992, `1e400` into Infinity and `1.50` into 1.5; the csv and table paths
 * parse such answers again with exact-json.ts, which keeps every number whose JS
 * spelling (`String(n)`) differs from its lexeme as a RawNumber. Everything else stays a
 * plain number, so the common answer holds none.
 *
 * A RawNumber prints as its lexeme (`String(r)`, template literals) and compares,
 * sorts and computes as its value (`valueOf`). `lossy` tells the two kinds apart: `1.50`,
 * `1E2` and `-0` only spell a number differently (views, which format numbers their own
 * way, may use the value), while `9007199254740993` and `1e400` have no exact JS value
 * (views leave them to the generic rendering, which prints the lexeme).
 *
 * Recognised by a Symbol.for brand, not by instanceof: the table renderer is bundled
 * apart from the csv path (scripts/build.mjs), each with a copy of this module. Pure.
 */

const BRAND = Symbol.for('vis.rawNumber');

export class RawNumber {
  readonly value: number;
  /** True when the lexeme denotes a decimal that `value` does not hold exactly. */
  readonly lossy: boolean;

  constructor(readonly lexeme: string) {
    this.value = Number(lexeme);
    this.lossy = !sameDecimal(lexeme, String(this.value));
  }

  valueOf(): number {
    return this.value;
  }

  toString(): string {
    return this.lexeme;
  }

  /**
   * For a JSON.stringify vis does not expect to meet one: where JSON.rawJSON exists (Node
   * 21+) the lexeme itself, else the value. vis's own JSON text cells use exactStringify.
   */
  toJSON(): unknown {
    return rawJson === undefined ? this.value : rawJson(this.lexeme);
  }
}

Object.defineProperty(RawNumber.prototype, BRAND, { value: true });

const rawJson = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;

export function isRawNumber(v: unknown): v is RawNumber {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[BRAND] === true;
}

/** A JSON number, plain or kept as sent. */
export function isJsonNumber(v: unknown): v is number | RawNumber {
  return typeof v === 'number' || isRawNumber(v);
}

/**
 * True when two number spellings (JSON grammar, or JS's `1e+21`) denote the same decimal:
 * `1.50` and `1.5`, `1E2` and `100`, `-0` and `0`; not `1e400` and `Infinity`.
 */
export function sameDecimal(a: string, b: string): boolean {
  return canonicalDecimal(a) === canonicalDecimal(b);
}

/** `-1.50e3` -> `-15e2`: sign, digits without leading or trailing zeros, exponent; zero is `0`. */
function canonicalDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null) return text; // Infinity, NaN: only equal to themselves
  const [, sign, int = '', frac = '', exp = '0'] = m;
  let digits = (int + frac).replace(/^0+/, '');
  if (digits === '') return '0';
  let e = BigInt(exp) - BigInt(frac.length);
  const trimmed = digits.replace(/0+$/, '');
  e += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  return `${sign}${digits}e${e}`;
}

/**
 * Compact JSON text of data that may hold RawNumbers, lexemes written as sent; the same
 * output as JSON.stringify otherwise. Its own walk rather than JSON.stringify with toJSON
 * above, so that Node 20 (no JSON.rawJSON) and later Nodes write the same bytes by the
 * same code. Recursive: callers bound the depth first (nesting.ts).
 */
export function exactStringify(value: unknown): string {
  return write(value) ?? 'null';
}

function write(v: unknown): string | undefined {
  if (isRawNumber(v)) return v.lexeme;
  if (Array.isArray(v)) return `[${v.map((item) => write(item) ?? 'null').join(',')}]`;
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && !('toJSON' in v)) {
    const parts: string[] = [];
    for (const k of Object.keys(v)) {
      const text = write((v as Record<string, unknown>)[k]);
      if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v) as string | undefined;
}
