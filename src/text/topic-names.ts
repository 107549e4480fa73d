/**
 * Topic names by id, as a GET /topics answer gives them (`CRM pricing` for `crm-pricing`):
 * the one reading of that answer that the client report (src/report/sections/kit.ts) and
 * the terminal views (through src/services/topic-names.ts) share. The names are the API's
 * text, still to be escaped or sanitised by whoever shows them.
 */

/**
 * Each topic's name by its id, from the `topics` records of an answer's `data`. The first
 * record of an id decides; a blank or missing name is left out (the id is shown instead).
 */
export function topicNamesIn(data: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const list = isRecord(data) ? data.topics : undefined;
  if (!Array.isArray(list)) return names;
  const seen = new Set<string>();
  for (const t of list) {
    if (!isRecord(t) || typeof t.id !== 'string' || seen.has(t.id)) continue;
    seen.add(t.id);
    if (typeof t.name === 'string' && t.name.trim() !== '') names.set(t.id, t.name);
  }
  return names;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
