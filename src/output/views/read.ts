/**
 * Reading a payload in a view: each accessor checks the field's type and marks it shown.
 *
 * A field that is missing or of another type than the view was built for throws a
 * ShapeError, and the table renderer then shows the whole response generically instead
 * (an unexpected shape is shown generically, never crashes the command). Modes:
 * - required (no mode): the field must be there with the type;
 * - `nullable`: it must be there; null is allowed ("not measured");
 * - `optional`: it may be absent or null.
 * Text comes back sanitised for the terminal: `text` on one line (TAB, LF as visible
 * escapes), `prose` with its line breaks kept for wrapping (TAB becomes spaces).
 */
import { isPlainObject } from '../flatten.js';
import { isRawNumber, type RawNumber } from '../../text/raw-number.js';
import { sanitizeForTerminal } from '../../text/sanitize.js';
import type { Shown } from './shown.js';

export type Obj = Record<string, unknown>;

/** The payload is not the shape a view was built for. */
export class ShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShapeError';
  }
}

type Mode = 'nullable' | 'optional';

function present(o: Obj, key: string): boolean {
  return Object.hasOwn(o, key) && o[key] !== undefined;
}

/** Text from the API, safe for one terminal line. */
export function safeText(s: string): string {
  return sanitizeForTerminal(s);
}

/** Text from the API, safe for the terminal, line breaks kept and tabs made spaces. */
function safeProse(s: string): string {
  return sanitizeForTerminal(s, { allowNewlines: true }).replace(/\t/g, '    ');
}

export class Reader {
  constructor(readonly shown: Shown) {}

  /** Marks fields as shown that the view shows by other means (a label equal to an id, say). */
  mark(o: Obj, ...keys: string[]): void {
    for (const k of keys) if (Object.hasOwn(o, k)) this.shown.key(o, k);
  }

  has(o: Obj, key: string): boolean {
    return present(o, key);
  }

  private take<T>(o: Obj, key: string, mode: Mode | undefined, ok: (v: unknown) => v is T, what: string): T | null | undefined {
    if (!present(o, key)) {
      if (mode === 'optional') return undefined;
      throw new ShapeError(`missing ${key}`);
    }
    const v = o[key];
    if (v === null) {
      if (mode === undefined) throw new ShapeError(`${key} is null, expected ${what}`);
      this.shown.key(o, key);
      return null;
    }
    if (!ok(v)) throw new ShapeError(`${key} is not ${what}`);
    this.shown.key(o, key);
    return v;
  }

  text(o: Obj, key: string): string;
  text(o: Obj, key: string, mode: 'nullable'): string | null;
  text(o: Obj, key: string, mode: 'optional'): string | null | undefined;
  text(o: Obj, key: string, mode?: Mode): string | null | undefined {
    return this.cleanText(o, key, mode, safeText);
  }

  /** Text to be wrapped over several lines. */
  prose(o: Obj, key: string): string;
  prose(o: Obj, key: string, mode: 'nullable'): string | null;
  prose(o: Obj, key: string, mode: 'optional'): string | null | undefined;
  prose(o: Obj, key: string, mode?: Mode): string | null | undefined {
    return this.cleanText(o, key, mode, safeProse);
  }

  /** A text made safe for the terminal: in one line (text) or to be wrapped (prose). */
  private cleanText(o: Obj, key: string, mode: Mode | undefined, clean: (s: string) => string): string | null | undefined {
    const v = this.take(o, key, mode, isString, 'text');
    return typeof v === 'string' ? clean(v) : v;
  }

  /** The raw text (for comparing and grouping); marks nothing: the view shows it another way. */
  rawText(o: Obj, key: string): string | undefined {
    const v = o[key];
    return typeof v === 'string' ? v : undefined;
  }

  number(o: Obj, key: string): number;
  number(o: Obj, key: string, mode: 'nullable'): number | null;
  number(o: Obj, key: string, mode: 'optional'): number | null | undefined;
  number(o: Obj, key: string, mode?: Mode): number | null | undefined {
    const v = this.take(o, key, mode, isNumber, 'a number');
    return isRawNumber(v) ? v.value : v;
  }

  bool(o: Obj, key: string): boolean;
  bool(o: Obj, key: string, mode: 'nullable'): boolean | null;
  bool(o: Obj, key: string, mode: 'optional'): boolean | null | undefined;
  bool(o: Obj, key: string, mode?: Mode): boolean | null | undefined {
    return this.take(o, key, mode, isBoolean, 'true or false');
  }

  /** An array of text, each item sanitised. */
  texts(o: Obj, key: string): string[];
  texts(o: Obj, key: string, mode: 'optional'): string[] | null | undefined;
  texts(o: Obj, key: string, mode?: Mode): string[] | null | undefined {
    const v = this.take(o, key, mode, isTextArray, 'a list of text');
    return Array.isArray(v) ? v.map(safeText) : v;
  }

  /** A container that is missing or null: null (marked shown) or undefined when `optional`, else the shape is not the view's. */
  private absent(o: Obj, key: string, mode: Mode | undefined): null | undefined {
    if (mode !== 'optional') throw new ShapeError(`missing ${key}`);
    if (o[key] === null) this.shown.key(o, key);
    return o[key] === null ? null : undefined;
  }

  /** A nested object the view looks into; its fields are marked as they are read. */
  object(o: Obj, key: string): Obj;
  object(o: Obj, key: string, mode: 'optional'): Obj | null | undefined;
  object(o: Obj, key: string, mode?: Mode): Obj | null | undefined {
    if (!present(o, key) || o[key] === null) return this.absent(o, key, mode);
    const v = o[key];
    if (!isPlainObject(v)) throw new ShapeError(`${key} is not an object`);
    this.shown.visit(v);
    return v;
  }

  /**
   * An array of records the view walks; `label` is the field a person knows each record
   * by, repeated beside any field the view leaves for the generic rendering.
   */
  records(o: Obj, key: string, label?: string): Obj[];
  records(o: Obj, key: string, label: string | undefined, mode: 'optional'): Obj[] | null | undefined;
  records(o: Obj, key: string, label?: string, mode?: Mode): Obj[] | null | undefined {
    if (!present(o, key) || o[key] === null) return this.absent(o, key, mode);
    const v = o[key];
    if (!Array.isArray(v) || !v.every(isPlainObject)) throw new ShapeError(`${key} is not a list of records`);
    this.shown.walk(v, label ?? null);
    for (const item of v) this.shown.visit(item);
    return v;
  }

  /**
   * An object used as a map (`{"chatgpt": {...}, ...}`): its entries whose value is an
   * object, with sanitised keys. Any other entry is a field the map was not known to hold
   * (a server's `"updated": "…"` beside the engines): it is left for the generic rendering
   * rather than taking the whole view down with it.
   */
  entries(o: Obj, key: string): Array<{ name: string; raw: string; value: Obj }> {
    const map = this.object(o, key);
    const out: Array<{ name: string; raw: string; value: Obj }> = [];
    for (const raw of Object.keys(map)) {
      const value = map[raw];
      if (!isPlainObject(value)) continue;
      this.shown.visit(value);
      out.push({ name: safeText(raw), raw, value });
    }
    return out;
  }

  /**
   * An object of counts (`{"content": 7, ...}`): its entries that are a number or null,
   * marked. Any other entry is left for the generic rendering, as in `entries`.
   */
  counts(o: Obj, key: string): Array<{ name: string; raw: string; value: number | null }>;
  counts(o: Obj, key: string, mode: 'optional'): Array<{ name: string; raw: string; value: number | null }> | undefined;
  counts(o: Obj, key: string, mode?: Mode): Array<{ name: string; raw: string; value: number | null }> | undefined {
    const map = mode === 'optional' ? this.object(o, key, 'optional') : this.object(o, key);
    if (map === null || map === undefined) return undefined;
    const out: Array<{ name: string; raw: string; value: number | null }> = [];
    for (const raw of Object.keys(map)) {
      if (map[raw] !== null && !isNumber(map[raw])) continue;
      out.push({ name: safeText(raw), raw, value: this.number(map, raw, 'nullable') });
    }
    return out;
  }
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

/**
 * A finite number; or one the server spelled another way (`1.50`), since views format
 * numbers their own way anyway. A number JS cannot hold exactly (`9007199254740993`,
 * `1e400`) is not one here: the generic rendering shows it as sent.
 */
function isNumber(v: unknown): v is number | RawNumber {
  return (typeof v === 'number' && Number.isFinite(v)) || (isRawNumber(v) && !v.lossy && Number.isFinite(v.value));
}

/** A value a view may show as a number (see isNumber), as that number; undefined otherwise. */
export function viewNumber(v: unknown): number | undefined {
  return isNumber(v) ? Number(v) : undefined;
}

function isBoolean(v: unknown): v is boolean {
  return typeof v === 'boolean';
}

function isTextArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every(isString);
}

/** The label a record gives beside its `engine` id (`{engine: "chatgpt", label: "ChatGPT"}`), sanitised, as engineName takes it. */
export function labelOf(o: Obj, read: Reader): Map<string, string> {
  const id = read.rawText(o, 'engine');
  const label = read.text(o, 'label', 'optional');
  return id === undefined || typeof label !== 'string' ? new Map() : new Map([[safeText(id), label]]);
}
