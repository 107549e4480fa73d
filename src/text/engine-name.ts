/**
 * An AI engine's name as people read it (`ChatGPT`, not `chatgpt`): the label the API gives
 * beside the id where an answer has one, else the label of a known engine, else the id.
 * Every terminal view, heading and message names an engine through `engineName`; csv and
 * json keep the ids, which are the data.
 */

/** The engines the API reports on today, by id. */
const KNOWN: Readonly<Record<string, string>> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  copilot: 'Copilot',
};

/** Labels an answer gives, by engine id (perception's and the technical scan's `{engine, label}`). */
export type EngineLabels = ReadonlyMap<string, string>;

/** The engine's name: the answer's label, the known label, else the id as given. */
export function engineName(id: string, labels?: EngineLabels): string {
  const given = labels?.get(id);
  if (given !== undefined && given.trim() !== '') return given;
  return Object.hasOwn(KNOWN, id) ? (KNOWN[id] as string) : id;
}

/** Every `{engine, label}` pair in an answer (up to a few levels deep), first found first. */
export function engineLabelsIn(data: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.engine === 'string' && typeof o.label === 'string' && o.label.trim() !== '' && !labels.has(o.engine)) labels.set(o.engine, o.label);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(data, 0);
  return labels;
}
