/**
 * The views' maps per endpoint, looked up by an id that may not be the table's (the table
 * renderer also draws specs that are not endpoints). Light: only the table's id type.
 */
import type { EndpointId } from '../../endpoints.js';

/** The entry for `id`: undefined for an id the map lacks, and where the entry says the endpoint has `none` of the thing. */
export function entryOf<T, N extends T>(map: Readonly<Record<EndpointId, T>>, id: string, none: N): Exclude<T, N> | undefined {
  if (!Object.hasOwn(map, id)) return undefined;
  const entry = map[id as EndpointId];
  return entry === none ? undefined : (entry as Exclude<T, N>);
}
