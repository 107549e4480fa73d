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
import { readRegularFile } from '../../../fs/safe-file.js';

/** The endpoints whose answers name engines and states per row. */
const ENDPOINTS = ['prompts', 'answers', 'answers.runs', 'answers.history', 'brand-perception', 'pages', 'ai-visitors', 'content-gaps'];
/** Newest entries read at most: TAB stays instant on a large cache. */
export const MAX_FILES = 40;
const MAX_NAMES = 50;

/** The engine names in the cached answers of the account at baseUrl with apiKey. */
export function seenEngines(env: Env, baseUrl: string, apiKey: string): string[] {
  const root = cacheRoot(env);
  if (root === undefined) return [];
  const dir = join(root, accountId(baseUrl, apiKey));
  if (refusePrivateDir(root) !== undefined || refusePrivateDir(dir) !== undefined) return [];
  const files: Array<{ name: string; endpoint: string; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    const endpoint = ENDPOINTS.find((e) => name.startsWith(`${e}.`) && /^[0-9a-f]{32}\.json$/.test(name.slice(e.length + 1)));
    if (endpoint === undefined) continue;
    try {
      files.push({ name, endpoint, mtime: statSync(join(dir, name)).mtimeMs });
    } catch {
      continue;
    }
  }
  files.sort((a, b) => b.mtime - a.mtime);
  const found = new Set<string>();
  for (const f of files.slice(0, MAX_FILES)) {
    const body = entryBody(join(dir, f.name), f.name, f.endpoint);
    if (body !== undefined) collect(body, found);
    if (found.size >= MAX_NAMES) break;
  }
  return [...found];
}

/** The answer of one entry file, when its header, name and body agree; else undefined. */
function entryBody(path: string, fileName: string, endpoint: string): unknown {
  try {
    const buf = readRegularFile(path);
    const nl = buf.indexOf(0x0a);
    const header = JSON.parse(buf.subarray(0, Math.max(0, nl)).toString('utf8')) as { key?: unknown };
    if (typeof header.key !== 'string' || entryFileName(endpoint, header.key) !== fileName) return undefined;
    const hit = parseEntry(buf, header.key, endpoint);
    return hit === undefined ? undefined : (JSON.parse(hit.raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Engine names: the keys of an `engines` map, the values of `engine` fields. */
function collect(v: unknown, found: Set<string>, depth = 0): void {
  if (depth > 12 || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) collect(x, found, depth + 1);
    return;
  }
  for (const [k, x] of Object.entries(v)) {
    if (k === 'engines' && x !== null && typeof x === 'object' && !Array.isArray(x)) for (const name of Object.keys(x)) found.add(name);
    if (k === 'engine' && typeof x === 'string') found.add(x);
    collect(x, found, depth + 1);
  }
}
