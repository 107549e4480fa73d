/**
 * Payload shapes for the generic renderer's golden tests: the ordinary case plus the odd
 * ones that must still render without crashing or dropping fields.
 */
import type { TableSpec } from '../../src/output/table.js';

export interface Shape {
  name: string;
  spec?: TableSpec;
  envelope: unknown;
}

const META = {
  api_version: 'v1',
  brand: { id: 12, name: 'Acme CRM' },
  market: { id: 3, code: 'US-en', label: 'United States (English)' },
};

export const SHAPES: readonly Shape[] = [
  {
    name: 'topics',
    spec: { id: 'topics', collection: 'topics', noun: 'topics', period: 'range' },
    envelope: {
      data: {
        period: { from: '2025-03-01', to: '2025-03-07', days: 7 },
        topics: [
          { id: 101, name: 'CRM for startups', visibility: 0.42, change: 0.05, rank: 2, rivals: ['Globex CRM', 'Initech'] },
          {
            id: 102,
            name: 'Sales pipeline software for small teams that outgrew spreadsheets',
            visibility: 0.18,
            change: -0.11,
            rank: 5,
            rivals: ['Globex CRM'],
          },
          { id: 103, name: 'Contact management', visibility: 0, change: 0, rank: null, rivals: [] },
        ],
        total: 3,
        history: [
          { week: '2025-W08', score: 31.5 },
          { week: '2025-W09', score: null },
          { week: '2025-W10', score: 40 },
        ],
      },
      meta: META,
    },
  },
  {
    name: 'data-array',
    envelope: {
      data: [
        { domain: 'example.com', citations: 120, share: 0.3 },
        { domain: 'docs.example.org', citations: 7, share: 0.0175, note: 'appears only here' },
        'a bare string row',
      ],
      meta: { api_version: 'v1' },
    },
  },
  {
    name: 'nulls',
    spec: { id: 'tasks', collection: 'tasks', noun: 'tasks' },
    envelope: {
      data: {
        period: null,
        tasks: [
          { id: null, title: null, layer: null, impact: null, steps: null },
          { id: 7, title: 'Write the comparison page', layer: null, impact: null, steps: [null, null] },
        ],
        open_per_layer: { content: null, technical: null },
        note: null,
      },
      meta: { brand: null, market: null },
    },
  },
  {
    name: 'numbers-as-strings',
    spec: { id: 'search-performance', collection: 'rows', noun: 'search rows' },
    envelope: {
      data: {
        period: { days: '28' },
        rows: [
          { query: 'best crm', clicks: '1204', impressions: '40123', ctr: '0.030', position: '3.2', delta: '-1.5' },
          { query: 'crm pricing', clicks: '98', impressions: '7002', ctr: '0.014', position: '11.0', delta: '+0.4' },
          { query: '=HYPERLINK("http://evil")', clicks: 'n/a', impressions: '1e3', ctr: '.5', position: '-0', delta: '' },
        ],
      },
      meta: META,
    },
  },
  {
    name: 'deeply-nested',
    spec: { id: 'tasks.get', collection: 'steps', noun: 'steps' },
    envelope: {
      data: {
        task: {
          id: 1042,
          brief: { why: { summary: 'AI cites rivals', evidence: { answers: 12, engines: { chatgpt: 5, perplexity: 7 } } } },
          owner: {},
        },
        steps: [
          { n: 1, text: 'Draft', detail: { effort: { hours: 2, people: ['ana', 'bo'] } } },
          { n: 2, text: 'Publish', detail: { effort: { hours: 1, people: [] } }, links: [{ url: 'https://a.example', kind: 'doc' }] },
        ],
        topics_moved: [{ id: 101, by: { points: 3 } }],
      },
      meta: META,
    },
  },
  {
    name: 'empty-arrays',
    spec: { id: 'content-gaps', collection: 'gaps', noun: 'content gaps' },
    envelope: {
      data: { gaps: [], engines: [], summary: { write: 0, improve: 0, leave: 0 }, tags: [] },
      meta: META,
    },
  },
  {
    name: 'wide-unicode',
    spec: { id: 'competitors', collection: 'competitors', noun: 'competitors' },
    envelope: {
      data: {
        competitors: [
          { name: '株式会社グローベックス', share: 0.31, said: '日本語の回答はとても長いので、狭い端末では省略されるべきです。' },
          { name: 'Café Ñandú', share: 0.12, said: 'combining: e\u0301 a\u0308 — fine' },
          { name: '🚀 Rocket CRM 🎉', share: 0.07, said: 'emoji 👩‍💻 and flags 🇺🇸🇩🇪 and skin 👍🏽' },
          { name: '한국어 브랜드', share: 0.05, said: 'Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ' },
        ],
      },
      meta: { brand: { id: 1, name: 'ブランド' }, market: { id: 9, code: 'JP-ja', label: '日本' } },
    },
  },
  {
    name: 'item-object',
    spec: { id: 'pitches.get', noun: 'pitch details' },
    envelope: {
      data: {
        id: 7,
        domain: 'prospect.example',
        market: 'US-en',
        business_type: 'B2B SaaS',
        report: { score: 38, share_url: 'https://app.example/share/abc', created_at: '2025-03-02T10:00:00Z' },
        findings: [
          { kind: 'gap', text: 'No comparison page' },
          { kind: 'win', text: 'Cited for pricing' },
        ],
        keywords: ['crm', 'pipeline', 'sales'],
      },
      meta: { brand: { id: 12, name: 'Acme CRM' } },
    },
  },
  {
    name: 'many-columns',
    spec: { id: 'prompts', collection: 'prompts', noun: 'prompts' },
    envelope: {
      data: {
        prompts: [
          {
            question: 'What is the best CRM for a five-person startup?',
            chatgpt: 'recommended',
            perplexity: 'mentioned',
            gemini: 'absent',
            claude: 'open',
            copilot: 'no_answer',
            grok: 'mentioned',
            meta_ai: 'absent',
            rate: 0.58,
            position: 2,
            runs: 28,
          },
        ],
      },
      meta: META,
    },
  },
];
