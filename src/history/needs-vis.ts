/**
 * What vis says of a history store a newer vis wrote: which vis wrote it and how to
 * install that one. The version comes from the store's `meta` table (`needs_vis`), a file
 * or a server vis does not trust: it is used only when it is a plain version (digits and
 * dots), else the words say "a newer vis"; what was read is never printed as it was.
 */
import { VERSION } from '../domain/version.js';

/** Longer than any version vis will have: the store's text is bounded before the pattern looks at it. */
const MAX_CHARS = 32;
const PLAIN = /^\d+\.\d+\.\d+$/;

/** The store's `needs_vis` when it is a plain version (`0.3.0`), else undefined. */
export function plainVersion(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_CHARS && PLAIN.test(value) ? value : undefined;
}

/**
 * The refusal of a store of `schema`, newer than this vis (`said`: `written by…`, after the store's name and `was`),
 * and how to install the vis it needs, as the README installs vis (`install`).
 */
export function newerWords(schema: number, needs: unknown): { said: string; install: string } {
  const v = plainVersion(needs);
  if (v === undefined) {
    return {
      said: `written by a newer vis (schema ${schema}); this is vis ${VERSION}: install a newer vis`,
      install: 'In a clone of the newest vis: npm run package && npm install -g ./vis-<its version>.tgz',
    };
  }
  return {
    said: `written by vis ${v} (schema ${schema}); this is vis ${VERSION}: install vis ${v} or newer`,
    install: `In a clone of vis ${v}: npm run package && npm install -g ./vis-${v}.tgz`,
  };
}
