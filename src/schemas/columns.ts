/**
 * The row columns an endpoint's schema knows, named the way output/flatten.ts names
 * them: a nested object's fields as dotted columns (`engines.chatgpt.state`), an array
 * as one column, in the schema's order. Used as the csv header when the collection is
 * empty, and to put the known columns first when rows exist (flatten.ts orderColumns).
 *
 * Shapes read from the schema (zod's `_zod.def`, its documented introspection):
 * - an object: its keys, recursing into object fields;
 * - nullable or optional: what it wraps (the columns it has when present);
 * - rows that are a union of objects (search-performance: a query row or a page row):
 *   the option the first row matches, so each grouping keeps its own order; with no
 *   row, or none that matches, the first option (the default grouping);
 * - a union of objects deeper in a row: the columns of every option, first option first;
 * - anything else (scalars, arrays, records, unions of scalars): one column.
 */
import * as z from 'zod/mini';
import { endpointById, type EndpointId } from '../endpoints.js';
import { DATA_SCHEMAS, type DataSchema } from './data.js';

/** The parts of a zod definition this module reads. */
interface Def {
  type: string;
  shape?: Record<string, DataSchema>;
  element?: DataSchema;
  innerType?: DataSchema;
  options?: readonly DataSchema[];
}

function defOf(schema: DataSchema): Def {
  return schema._zod.def as unknown as Def;
}

/** Through nullable, optional and the like to the schema that says what the value is. */
function unwrap(schema: DataSchema): DataSchema {
  let node = schema;
  for (
    let def = defOf(node);
    def.innerType !== undefined && (def.type === 'nullable' || def.type === 'optional' || def.type === 'default');
    def = defOf(node)
  ) {
    node = def.innerType;
  }
  return node;
}

/** The object shapes a value can take: one, several (a union of objects) or none. */
function objectShapes(schema: DataSchema): Record<string, DataSchema>[] | null {
  const def = defOf(unwrap(schema));
  if (def.type === 'object' && def.shape) return [def.shape];
  if (def.type === 'union' && def.options) {
    const shapes = def.options.map(objectShapes);
    return shapes.every((s) => s !== null) ? (shapes as Record<string, DataSchema>[][]).flat() : null;
  }
  return null;
}

function columnsInto(out: Set<string>, prefix: string, schema: DataSchema): void {
  const shapes = objectShapes(schema);
  if (shapes === null) {
    out.add(prefix);
    return;
  }
  for (const shape of shapes) {
    for (const [key, field] of Object.entries(shape)) columnsInto(out, prefix === '' ? key : `${prefix}.${key}`, field);
  }
}

/** The flattened columns of one record of this schema, in the schema's order. */
export function recordColumns(schema: DataSchema): string[] {
  const out = new Set<string>();
  if (objectShapes(schema) === null) return [];
  columnsInto(out, '', schema);
  return [...out];
}

/** Of a union of row shapes, the one `row` matches (the first one when none does). */
function rowShape(element: DataSchema, row: unknown): DataSchema {
  const def = defOf(unwrap(element));
  if (def.type !== 'union' || def.options === undefined || def.options.length === 0) return element;
  return def.options.find((option) => row !== undefined && z.safeParse(option, row).success) ?? (def.options[0] as DataSchema);
}

/**
 * The known columns of an endpoint's main collection (`collection` in endpoints.ts):
 * the flattened fields of one row, in the schema's order. `data`, when given, picks the
 * row shape where the schema has several (see the module comment). Empty for an endpoint
 * whose data is one record, or whose rows the schema does not describe as objects.
 */
export function knownColumns(id: EndpointId, data?: unknown): string[] {
  const { collection } = endpointById(id);
  if (collection === undefined) return [];
  const shapes = objectShapes(DATA_SCHEMAS[id]);
  const field = shapes?.find((s) => Object.hasOwn(s, collection))?.[collection];
  if (field === undefined) return [];
  const list = defOf(unwrap(field));
  if (list.type !== 'array' || list.element === undefined) return [];
  const rows = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[collection] : undefined;
  return recordColumns(rowShape(list.element, Array.isArray(rows) ? rows[0] : undefined));
}

/**
 * Every column a row of the endpoint's main collection can have, whichever shape the rows
 * take (search-performance: a query row's and a page row's): what a column a user names
 * before any read is checked against (--sort, src/output/filter.ts).
 */
export function everyKnownColumn(id: EndpointId): string[] {
  const { collection } = endpointById(id);
  if (collection === undefined) return [];
  const field = objectShapes(DATA_SCHEMAS[id])?.find((s) => Object.hasOwn(s, collection))?.[collection];
  const list = field === undefined ? undefined : defOf(unwrap(field));
  if (list?.type !== 'array' || list.element === undefined) return [];
  const def = defOf(unwrap(list.element));
  const shapes = def.type === 'union' && def.options !== undefined ? def.options : [list.element];
  return [...new Set(shapes.flatMap((s) => recordColumns(s)))];
}
