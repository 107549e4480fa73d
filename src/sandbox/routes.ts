/** The sandbox's routes: compiled from the endpoint table, never listed by hand. */
import type { EndpointSpec } from '../endpoints.js';

export interface Route {
  spec: EndpointSpec;
  pattern: RegExp;
}

export type RouteMatch = { kind: 'found'; spec: EndpointSpec; rawParam: string | null } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/topics/{id}` → /^\/topics\/([^/]+)$/ ; static paths sort first so they win over params. */
export function compileRoutes(endpoints: readonly EndpointSpec[]): Route[] {
  return endpoints
    .map((spec) => ({
      spec,
      pattern: new RegExp(
        `^${spec.path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('([^/]+)')}$`,
      ),
    }))
    .sort((a, b) => Number(a.spec.pathParam !== undefined) - Number(b.spec.pathParam !== undefined));
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.spec.method === method) return { kind: 'found', spec: route.spec, rawParam: match[1] ?? null };
    allowed.add(route.spec.method);
  }
  return allowed.size > 0 ? { kind: 'wrong-method', allowed: [...allowed].sort() } : { kind: 'none' };
}
