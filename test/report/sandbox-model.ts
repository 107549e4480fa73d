/**
 * Report models built from the sandbox's real answers (started in-process on loopback, as
 * the sandbox's own tests start it): what the command's reads would fill, section by
 * section, a 403 `feature_not_in_plan` as the plan note, and "what changed" from two
 * recorded days through the history's own comparison.
 */
import { expect } from 'vitest';
import { SECTION_ENDPOINTS } from '../../src/cli/commands/report/plan.js';
import { scopeRequest as sectionRequest } from '../../src/services/scope-request.js';
import { changesFrom } from '../../src/history/changes/compare.js';
import { endpointById } from '../../src/endpoints.js';
import { REPORT_SECTIONS, type ReportModel, type ScopeReport, type SectionId, type SectionResult } from '../../src/domain/report.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call } from '../sandbox/helpers.js';
import { API, competitors, history, pages, prompts, recorded, topics } from '../history/changes-fixtures.js';

/** The endpoint each section reads (`changes` comes from the history). */
export const SECTION_PATHS: Readonly<Record<Exclude<SectionId, 'changes'>, string>> = {
  headline: '/overview',
  trend: '/visibility',
  'share-of-voice': '/competitors',
  topics: '/topics',
  questions: '/prompts',
  perception: '/brand-perception',
  pages: '/pages',
  'content-gaps': '/content-gaps',
  technical: '/technical',
  tasks: '/tasks',
};

export const MADE_AT = Date.parse('2025-03-14T12:00:00Z');

/** Two recorded days of brand 101 in US-en, compared as `vis changes` compares them. */
export async function sampleChanges() {
  const h = history([
    recorded('2025-03-13', 'visibility', { score: 34.2 }),
    recorded('2025-03-14', 'visibility', { score: 28.3 }),
    recorded(
      '2025-03-13',
      'topics',
      topics([
        ['crm-pricing', 41.5, 'CRM pricing'],
        ['crm-security', 22, 'Security'],
      ]),
    ),
    recorded(
      '2025-03-14',
      'topics',
      topics([
        ['crm-pricing', 33.1, 'CRM pricing'],
        ['crm-ai', 12, 'AI features'],
      ]),
    ),
    recorded('2025-03-13', 'prompts', prompts([['easy-setup', 'Which CRM is easiest?', { chatgpt: 'recommended' }]])),
    recorded('2025-03-14', 'prompts', prompts([['easy-setup', 'Which CRM is easiest?', { chatgpt: 'absent' }]])),
    recorded(
      '2025-03-13',
      'competitors',
      competitors([
        ['Pipewell', 0.18],
        ['Northwind CRM', 0.13, true],
      ]),
    ),
    recorded(
      '2025-03-14',
      'competitors',
      competitors([
        ['Pipewell', 0.25],
        ['Northwind CRM', 0.12, true],
      ]),
    ),
    recorded('2025-03-13', 'pages', pages([['https://northwindcrm.example/security', 0]])),
    recorded('2025-03-14', 'pages', pages([['https://northwindcrm.example/security', 6]])),
    recorded('2025-03-13', 'visibility', { score: 20 }, { brandId: '202' }),
    recorded('2025-03-14', 'visibility', { score: 9 }, { brandId: '202' }),
  ]);
  return await changesFrom(h, { api: API, threshold: 5 });
}

/** The report's period, read as `vis report --days 30` reads it: the sections that take a period get `days=30`. */
const PERIOD = { from: '2025-02-13', to: '2025-03-14', days: 30 };

async function read(sandbox: Sandbox, key: string, id: Exclude<SectionId, 'changes'>, brand: number, market: string | null): Promise<SectionResult> {
  const request = sectionRequest(endpointById(SECTION_ENDPOINTS[id]), { id: brand, name: '', slug: '' }, market ?? undefined, { days: PERIOD.days });
  expect(request.path).toBe(SECTION_PATHS[id]);
  const query = new URLSearchParams((request.query ?? []).map(([k, v]) => [k, v]));
  const reply = await call(sandbox, `${request.path}?${query}`, { key });
  if (reply.status === 200) return { kind: 'data', data: reply.json.data, meta: reply.json.meta };
  const error = reply.json?.error ?? { code: 'http_error', message: `status ${reply.status}` };
  if (error.code === 'feature_not_in_plan') return { kind: 'plan', needs: 'Pro or Growth' };
  return { kind: 'failed', code: error.code, message: error.message, exitCode: 1 };
}

/** Every brand × market of a demo account, read from the sandbox. */
export async function sandboxModel(sandbox: Sandbox, key: string, o: { maxScopes?: number } = {}): Promise<ReportModel> {
  const usage = await call(sandbox, '/usage', { key });
  const brands = (await call(sandbox, '/brands', { key })).json.data.brands as Array<{ id: number; name: string; markets: string[] }>;
  const scopes: ScopeReport[] = [];
  for (const b of brands) {
    const reply = await call(sandbox, `/markets?brand_id=${b.id}`, { key });
    if (reply.status !== 200) throw new Error(reply.text);
    const markets = reply.json.data.markets as Array<{ code: string; label: string }>;
    for (const m of markets) {
      if (o.maxScopes !== undefined && scopes.length >= o.maxScopes) break;
      const sections = {} as Record<SectionId, SectionResult>;
      for (const id of REPORT_SECTIONS) {
        if (id === 'changes') continue;
        sections[id] = await read(sandbox, key, id, b.id, m.code);
      }
      sections.changes = { kind: 'data', data: await sampleChanges(), meta: null };
      const visibility = sections.trend.kind === 'data' ? (sections.trend.data as { history: Array<{ week_start: string; score: number | null }> }) : null;
      scopes.push({
        brand: { id: String(b.id), name: b.name },
        market: { code: m.code, label: m.label },
        plan: usage.json.data.plan_label,
        readAt: MADE_AT - 3_600_000,
        sections,
        trend: visibility === null ? [] : visibility.history.map((w) => ({ date: w.week_start, value: w.score })),
      });
    }
  }
  return {
    look: { title: 'AI visibility report', logo: null, accent: '#3355cc', locale: 'en-US', paper: 'a4' },
    period: PERIOD,
    madeAt: MADE_AT,
    scopes,
  };
}
