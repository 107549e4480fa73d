/**
 * Real payloads for the view tests: every endpoint that has a table view, fetched from a
 * sandbox on a fixed clock for vis_demo_growth, item endpoints with ids taken from their
 * lists (the first topic, task and pitch, the first rival that is not the brand) and
 * `answers runs` for the first question of `vis answers`.
 */
import { endpointById, type EndpointId, type EndpointSpec } from '../../src/endpoints.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { VIEW_IDS } from '../../src/output/views/index.js';

export const SANDBOX_NOW = '2026-11-22T12:00:00Z';

export interface ViewCase {
  id: EndpointId;
  spec: EndpointSpec;
  envelope: Record<string, unknown>;
}

async function get(sandbox: Sandbox, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: 'Bearer vis_demo_growth' } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

type Rec = Record<string, unknown>;
const list = (env: Rec, key: string): Rec[] => ((env.data as Rec)[key] as Rec[]) ?? [];

/** The path for one endpoint, its argument taken from the API itself. */
async function pathFor(sandbox: Sandbox, spec: EndpointSpec): Promise<string> {
  switch (spec.id) {
    case 'topics.get':
      return `/topics/${encodeURIComponent(String(list(await get(sandbox, '/topics'), 'topics')[0]?.id))}`;
    case 'tasks.get':
      return `/tasks/${encodeURIComponent(String(list(await get(sandbox, '/tasks'), 'tasks')[0]?.id))}`;
    case 'pitches.get':
      return `/pitches/${encodeURIComponent(String(list(await get(sandbox, '/pitches'), 'pitches')[0]?.id))}`;
    case 'competitors.get': {
      const rival = list(await get(sandbox, '/competitors'), 'competitors').find((c) => c.is_brand !== true);
      return `/competitors/${encodeURIComponent(String(rival?.name))}`;
    }
    case 'answers.runs': {
      const prompt = String(list(await get(sandbox, '/answers'), 'answers')[0]?.prompt);
      return `/answers/runs?prompt=${encodeURIComponent(prompt)}`;
    }
    default:
      if (spec.pathParam || spec.query.some((q) => q.required)) throw new Error(`no example request for ${spec.id}`);
      return spec.path;
  }
}

/** One envelope per endpoint with a view, in the order of VIEW_IDS. */
export async function fetchViewCases(): Promise<ViewCase[]> {
  const sandbox = await startSandbox({ now: () => new Date(SANDBOX_NOW), rateLimitPerMinute: 100_000 });
  try {
    const cases: ViewCase[] = [];
    for (const id of VIEW_IDS) {
      const spec = endpointById(id);
      cases.push({ id, spec, envelope: await get(sandbox, await pathFor(sandbox, spec)) });
    }
    return cases;
  } finally {
    await sandbox.close();
  }
}

/** The case of one endpoint among the fetched ones; throws when there is none. */
export function findCase(cases: readonly ViewCase[], id: string): ViewCase {
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no sandbox envelope for ${id}`);
  return c;
}
