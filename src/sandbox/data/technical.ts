/**
 * The weekly technical scan of the brand's site. Like perception it is a property of
 * the brand (the reference: identical in every market), so it reads only the brand and
 * lists pages of the primary market's site.
 */
import type { DemoBrand } from '../accounts.js';
import { brandOf, type DataRequest, type Payload } from './context.js';
import { catalogFor } from './catalogs.js';
import { addDays, isoDate, timeOnDay, weekStart } from './dates.js';
import { ENGINE_LABELS, ENGINES, type Engine } from './model.js';
import { rngFor } from './prng.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low';

interface IssueDef {
  id: string;
  title: string;
  severity: Severity;
  category: string;
  /** Engines the issue hurts; empty means all. */
  engines: readonly Engine[];
  /** Whether it affects every page (robots.txt, rendering) or a sample of pages. */
  sitewide: boolean;
  description: string;
  fix: string;
}

const ISSUES: readonly IssueDef[] = [
  {
    id: 'robots-blocks-ai-crawlers',
    title: 'robots.txt blocks GPTBot and ClaudeBot',
    severity: 'critical',
    category: 'crawler access',
    engines: ['chatgpt', 'claude'],
    sitewide: true,
    description: 'A `Disallow: /` rule for GPTBot and ClaudeBot keeps OpenAI and Anthropic from reading any page.',
    fix: 'Allow GPTBot, OAI-SearchBot and ClaudeBot in robots.txt; keep blocking only private paths such as /app/.',
  },
  {
    id: 'js-only-content',
    title: 'Main content is rendered by JavaScript only',
    severity: 'high',
    category: 'rendering',
    engines: ['chatgpt', 'perplexity', 'claude'],
    sitewide: false,
    description: 'AI crawlers that do not run JavaScript see an empty page shell.',
    fix: 'Server-render the main content or pre-render these pages.',
  },
  {
    id: 'noindex-on-key-pages',
    title: 'Key pages carry a noindex tag',
    severity: 'high',
    category: 'indexing',
    engines: ['gemini', 'copilot'],
    sitewide: false,
    description: 'Search-backed engines drop pages marked noindex from their answers.',
    fix: 'Remove the noindex meta tag from public marketing pages.',
  },
  {
    id: 'canonical-to-redirect',
    title: 'Canonical tags point to redirected URLs',
    severity: 'high',
    category: 'indexing',
    engines: [],
    sitewide: false,
    description: 'The canonical URL answers 301, so engines are unsure which URL to cite.',
    fix: 'Point each canonical tag at the final, 200-answering URL.',
  },
  {
    id: 'missing-structured-data',
    title: 'No Organization or Product structured data',
    severity: 'medium',
    category: 'structured data',
    engines: ['gemini', 'copilot'],
    sitewide: true,
    description: 'Without schema.org markup, engines guess the company’s name, logo and offers.',
    fix: 'Add Organization markup site-wide and Product or Service markup on offer pages.',
  },
  {
    id: 'pages-missing-from-sitemap',
    title: 'Important pages missing from sitemap.xml',
    severity: 'medium',
    category: 'discovery',
    engines: [],
    sitewide: false,
    description: 'Pages absent from the sitemap are found late or not at all.',
    fix: 'Generate the sitemap from the CMS so new pages appear automatically.',
  },
  {
    id: 'slow-server-response',
    title: 'Slow server response (time to first byte over 1.5 s)',
    severity: 'medium',
    category: 'performance',
    engines: ['perplexity', 'copilot'],
    sitewide: false,
    description: 'Live-fetching engines time out on slow pages and cite a faster source instead.',
    fix: 'Cache these pages at the CDN edge.',
  },
  {
    id: 'no-llms-txt',
    title: 'No llms.txt file',
    severity: 'low',
    category: 'discovery',
    engines: [],
    sitewide: true,
    description: 'An llms.txt file points language models to the pages that matter.',
    fix: 'Publish /llms.txt listing the product, pricing and documentation pages.',
  },
  {
    id: 'duplicate-meta-descriptions',
    title: 'Missing or duplicate meta descriptions',
    severity: 'low',
    category: 'metadata',
    engines: [],
    sitewide: false,
    description: 'Engines fall back to the first paragraph, which often is a cookie banner.',
    fix: 'Write a unique one-sentence description for each page.',
  },
];

const PENALTY: Readonly<Record<Severity, number>> = { critical: 20, high: 11, medium: 6, low: 2 };
const SCAN_HOUR_UTC = 2;

export interface ScanIssue extends IssueDef {
  pages: string[];
}

export interface TechnicalScan {
  scannedAt: string;
  readiness: number;
  engineScores: Record<Engine, number>;
  issues: ScanIssue[];
}

/** The Monday-morning scan that is the latest at `now`. */
function scanWeek(now: Date): string {
  let week = weekStart(isoDate(now));
  if (timeOnDay(week, SCAN_HOUR_UTC, 0) > now.toISOString()) week = addDays(week, -7);
  return week;
}

/** The latest scan. Which issues a brand has is stable; the pages they touch vary by week. */
export function technicalScan(brand: DemoBrand, now: Date): TechnicalScan {
  const week = scanWeek(now);
  const stable = rngFor(brand.id, 'technical');
  const weekly = rngFor(brand.id, 'technical', week);
  const origin = `https://${brand.domain}`;
  const urls = catalogFor(brand.vertical).pages.map((page) => `${origin}${page.path}`);
  const issues = ISSUES.filter(() => stable.chance(0.6)).map((def) => ({
    ...def,
    pages: def.sitewide ? urls : weekly.sample(urls, weekly.int(1, Math.max(1, Math.ceil(urls.length / 2)))).sort(),
  }));
  const penaltyFor = (engine: Engine | null) =>
    issues.reduce((sum, issue) => {
      const applies = engine === null || issue.engines.length === 0 || issue.engines.includes(engine);
      const reach = issue.sitewide ? 1 : 0.5 + issue.pages.length / (2 * urls.length);
      return sum + (applies ? PENALTY[issue.severity] * reach : 0);
    }, 0);
  const score = (penalty: number) => Math.max(5, Math.min(100, Math.round(100 - penalty)));
  const engineScores = Object.fromEntries(ENGINES.map((engine) => [engine, score(penaltyFor(engine))])) as Record<Engine, number>;
  const readiness = Math.round(ENGINES.reduce((sum, engine) => sum + engineScores[engine], 0) / ENGINES.length);
  return { scannedAt: timeOnDay(week, SCAN_HOUR_UTC, 0), readiness, engineScores, issues };
}

export function hasIssue(scan: TechnicalScan, id: string): boolean {
  return scan.issues.some((issue) => issue.id === id);
}

export function technicalPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const scan = technicalScan(brand, request.now);
  const order: Severity[] = ['critical', 'high', 'medium', 'low'];
  return {
    data: {
      scanned_at: scan.scannedAt,
      readiness_score: scan.readiness,
      engines: ENGINES.map((engine) => ({ engine, label: ENGINE_LABELS[engine], score: scan.engineScores[engine] })),
      summary: Object.fromEntries(order.map((severity) => [severity, scan.issues.filter((i) => i.severity === severity).length])),
      issues: scan.issues
        .slice()
        .sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity) || a.id.localeCompare(b.id))
        .map((issue) => ({
          id: issue.id,
          title: issue.title,
          severity: issue.severity,
          category: issue.category,
          engines: issue.engines.length > 0 ? [...issue.engines] : [...ENGINES],
          affected_pages: issue.pages.length,
          pages: issue.pages,
          description: issue.description,
          fix: issue.fix,
        })),
    },
  };
}
