/**
 * `vis __complete engines`: the engine names seen in the account's cached answers
 * (src/cache/), newest first. Engines are the API's to name (the reference lists none),
 * so they are offered as the server last sent them, never from a list of vis's own.
 *
 * Nothing read back is trusted more than the network answer it came from: only regular
 * files of the account's private cache folder, each entry checked as the cache checks it
 * (its header names the key whose hash is its file name, and the endpoint), at most
 * MAX_FILES of them; anything off is skipped in silence, as completion must be.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { accountId, entryFileName } from '../../../cache/keys.js';
import { cacheRoot, parseEntry, refusePrivateDir } from '../../../cache/store.js';
import type { Env } from '../../../domain/env.js';
import { ENDPOINTS as TABLE } from '../../../endpoints.js';
import { readRegularFile } from '../../../fs/safe-file.js';

/** The endpoints whose answers name engines per row. */
const ENDPOINTS: readonly string[] = TABLE.filter((e) => e.namesEngines).map((e) => e.id);
/** Newest entries read at most: TAB stays instant on a large cache. */
export const MAX_FILES = 40;

/** The engine names in the cached answers of the account at baseUrl with apiKey. */
export function seenEngines(env: Env, baseUrl: string, apiKey: string): string[] {
  const root = cacheRoot(env);
  if (root === undefined) return [];
  const dir = join(root, accountId(baseUrl, apiKey));
  if (refusePrivateDir(root) !== undefined || refusePrivateDir(dir) !== undefined) return [];
  const files: Array<{ name: string; endpoint: string; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    // `<endpoint id>.<32 hex>.json` (src/cache/keys.ts entryFileName); the entry itself is checked in entryBody.
    const endpoint = name.replace(/\.[0-9a-f]{32}\.json$/, '');
    if (!ENDPOINTS.includes(endpoint)) continue;
    try {
      files.push({ name, endpoint, mtime: statSync(join(dir, name)).mtimeMs });
    } catch {
      continue;
    }
  }
  files.sort((a, b) => b.mtime - a.mtime);
  const found = new Set<string>();
  for (const f of files.slice(0, MAX_FILES)) collect(entryBody(join(dir, f.name), f.name, f.endpoint), found);
  return [...found];
}

/** The answer of one entry file, when its header, name and body agree (as the cache checks them); else undefined. */
function entryBody(path: string, fileName: string, endpoint: string): unknown {
  try {
    const buf = readRegularFile(path);
    const key = String((JSON.parse(buf.subarray(0, buf.indexOf(0x0a)).toString('utf8')) as { key?: unknown }).key);
    const hit = entryFileName(endpoint, key) === fileName ? parseEntry(buf, key, endpoint) : undefined;
    return hit && (JSON.parse(hit.raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Engine names: the keys of an `engines` map, the values of `engine` fields. */
function collect(v: unknown, found: Set<string>): void {
  if (v === null || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'engines' && x !== null && typeof x === 'object' && !Array.isArray(x)) for (const name of Object.keys(x)) found.add(name);
    if (k === 'engine' && typeof x === 'string') found.add(x);
    collect(x, found);
  }
}
