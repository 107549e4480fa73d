/**
 * The shape of the config file, version 1 (the only one there has been): the active
 * profile's name, and named profiles whose settings are all strings. Keys vis does not know
 * are kept as they are (a newer vis may have written them).
 *
 * Written once, read twice: CONFIG_SCHEMA is the JSON schema conf checks with ajv when
 * `vis config set` or `vis auth login` reads and writes the file; configShapeProblem walks
 * the same fields for every other command, which reads the file without loading conf and
 * ajv (src/config/store.ts says why). test/config/schema.test.ts holds the two to the same
 * answers.
 */

/** Every field of a profile: the settings `vis config set` changes, and the key. */
export const PROFILE_FIELDS = ['base_url', 'api_key', 'brand', 'market', 'format', 'cache', 'history'] as const;

/** The version of the shape below. A later shape moves files up from this one. */
export const CONFIG_VERSION = 1;

const STRING = { type: 'string' } as const;

/** conf's `schema` option: the JSON schema of each top-level key. */
export const CONFIG_SCHEMA = {
  profile: STRING,
  profiles: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, STRING])),
    },
  },
} as const;

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
