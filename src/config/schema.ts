/**
 * The shape of the config file, version 1 (the only one there has been): the active
 * profile's name, and named profiles whose settings are all strings. Keys vis does not know
 * are kept as they are (a newer vis may have written them). Every read of the file is
 * checked here (src/config/store.ts), before a command uses it or a change writes it back.
 */

/** Every field of a profile: the settings `vis config set` changes, and the key. */
export const PROFILE_FIELDS = ['base_url', 'api_key', 'brand', 'market', 'format', 'cache', 'history', 'notify', 'notify_format'] as const;

/** The version of the shape below. A later shape moves files up from this one. */
export const CONFIG_VERSION = 1;

/**
 * What is wrong with the file's data, in words naming the field (`profile "work": "brand"
 * is not text`), or undefined when it has the shape above. Never quotes a value: it may be a key.
 */
export function configShapeProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'it does not hold a JSON object';
  if (data.profile !== undefined && typeof data.profile !== 'string') return '"profile" is not text';
  if (data.profiles === undefined) return undefined;
  if (!isObject(data.profiles)) return '"profiles" is not an object';
  for (const [name, profile] of Object.entries(data.profiles)) {
    const where = `profile ${JSON.stringify(name)}`;
    if (!isObject(profile)) return `${where} is not an object`;
    const field = PROFILE_FIELDS.find((f) => profile[f] !== undefined && typeof profile[f] !== 'string');
    if (field !== undefined) return `${where}: "${field}" is not text`;
  }
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
