/**
 * Shorter URLs for tables: when every URL of a list is on one site, the site is said once
 * (in a section title) and the rows show paths. Nothing is lost: origin + path is the URL.
 */
import type { ViewContext } from './context.js';
import { wrapLine } from './grid.js';

const ORIGIN = /^(https?:\/\/[^/?#\s]+)(\/.*)?$/;

/** The origin all `urls` share (`https://example.com`), or null when they do not. */
export function commonOrigin(urls: readonly string[]): string | null {
  let origin: string | null = null;
  for (const url of urls) {
    const m = ORIGIN.exec(url);
    if (m === null) return null;
    if (origin === null) origin = m[1] as string;
    else if (origin !== m[1]) return null;
  }
  return origin;
}

/** `url` without `origin` (`/pricing`, `/` for the home page); the URL itself otherwise. */
export function pathOf(url: string, origin: string | null): string {
  if (origin === null || !url.startsWith(origin)) return url;
  const rest = url.slice(origin.length);
  return rest === '' ? '/' : rest;
}

/** `Pages are paths on <site>`, wrapped before the site rather than cut inside it. */
export function pathsOnLines(origin: string, ctx: ViewContext): string[] {
  return wrapLine(
    [
      { text: 'Pages are paths on ', style: ctx.chalk.dim },
      { text: origin, style: ctx.chalk.dim },
    ],
    ctx,
  );
}
