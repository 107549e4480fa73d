/**
 * THE endpoint table. One entry per API endpoint; the commander program, the sandbox's
 * routes, its openapi.json, the completions and the command reference (docs/commands.md) are all
 * generated from it. Adding an endpoint is one entry here.
 *
 * The ids form a type, `EndpointId`: a map per endpoint is a `Record<EndpointId, ...>`,
 * so a misspelled or forgotten id is a compile error, not a surprise at run time.
 * What is special about an endpoint is a field of its entry (`spends`, `defaultDays`,
 * `integration`, `itemsFrom`), never a comparison with its name elsewhere.
 *
 * The table is declarative data (no zod at module load) so that `vis --help` and
 * `vis --version` do not pay for schema construction; `src/flags/rules.ts` turns a
 * ParamSpec into its zod rule when a command actually runs.
 */

/** A query parameter or body field with the rule the CLI enforces before any request. */
export type ParamSpec =
  | { kind: 'int'; min?: number; max?: number; default?: number }
  | { kind: 'string'; minLength?: number; default?: string }
  | { kind: 'enum'; values: readonly string[]; default?: string }
  | { kind: 'date' };

export interface QueryParam {
  /** Name on the wire (query string or JSON body). */
  name: string;
  /** Long flag without dashes, e.g. `group-by`. */
  flag: string;
  /** Placeholder shown in help, e.g. `<n>`. */
  placeholder: string;
  spec: ParamSpec;
  required?: boolean;
  description: string;
  /**
   * Values known to work where the reference does not fix them (`--status`, `--layer`):
   * help lists them and TAB completes them, yet any other value is passed through.
   */
  known?: readonly string[];
}

export interface PathParam {
  name: string;
  /** `integer` when the reference says so; `string` where it does not show the type. */
  type: 'integer' | 'string';
  description: string;
}

/** Which of the common parameters (reference section 4) an endpoint takes. */
export type Period = 'range' | 'days' | 'none';

/**
 * Which plans answer an endpoint (reference, sections 1, 4 and 5): every plan; Pro and
 * Growth; or a plan that carries pitch reports (POST /pitches answers 403 on one that
 * carries none; which plans do is not in the reference: Pro and Growth in the sandbox).
 */
export type Plan = 'any' | 'pro' | 'pitch-reports';

/** How help, the command reference and the hint after a 403 say it: one place per plan. */
export const PLAN_TEXT: Readonly<Record<Plan, { help: string; table: string }>> = {
  any: { help: 'Available on every plan.', table: 'all' },
  pro: { help: 'Needs the Pro or Growth plan.', table: 'Pro, Growth' },
  'pitch-reports': {
    help: 'Needs a plan that carries pitch reports (`vis usage` shows the allowance; a plan without them answers 403 feature_not_in_plan).',
    table: 'plans with pitch reports',
  },
};

export type CommandGroup = 'data' | 'account';

/**
 * How long an answer may be served from the local cache (src/cache/freshness.ts has the
 * rules and their reasons): `scan` until the next daily scan, `weekly` a day, `hourly` an
 * hour, `minutes` a few minutes, `none` never cached.
 */
export type Freshness = 'scan' | 'weekly' | 'hourly' | 'minutes' | 'none';

/**
 * What a call spends beyond a read. vis asks before sending it, never sends it twice,
 * and when it may have reached the server but no answer came, says `unknownOutcome`:
 * only a list can tell whether it went through.
 */
export interface Spend {
  what: 'pitch report';
  unknownOutcome: string;
}

/** The fields most entries share; `endpoint()` fills in what an entry leaves out. */
interface EndpointDefaults {
  method: 'GET' | 'POST';
  brand: boolean;
  market: boolean;
  period: Period;
  /** `--days` when not given, for endpoints with a period. */
  defaultDays: number;
  query: readonly QueryParam[];
  plan: Plan;
  /** `/usage` and `/brands` do not count against the read budget. */
  free: boolean;
  group: CommandGroup;
  /** How long the local cache may serve the answer: AI-answer data (the default) until the next scan. */
  freshness: Freshness;
}

const DEFAULTS: EndpointDefaults = {
  method: 'GET',
  brand: true,
  market: true,
  period: 'none',
  defaultDays: 7,
  query: [],
  plan: 'any',
  free: false,
  group: 'data',
  freshness: 'scan',
};

/** An entry as written in the table: generic in its id so the ids stay literal types. */
interface EndpointEntry<Id extends string, ListId extends string> extends Partial<EndpointDefaults> {
  /** Stable identifier, also the export file name: `topics`, `topics.get`, `answers.runs`. */
  id: Id;
  /** Command words after `vis`: ['answers', 'runs']. Item endpoints share words with their list. */
  words: readonly string[];
  aliases?: readonly string[];
  /** Path relative to the base URL, with `{param}` placeholders. */
  path: string;
  pathParam?: PathParam;
  body?: readonly QueryParam[];
  /** Key of the main collection inside `data`, used for csv rows and table views. */
  collection?: string;
  summary: string;
  description: string;
  examples: readonly string[];
  /** Name of the thing for empty-collection sentences: "No tasks match." */
  noun: string;
  /**
   * The filters vis applies to the rows of its collection, beyond --sort and --top (which
   * every list takes): --engine, --state, --action (src/output/filter.ts).
   */
  listFilters?: readonly ('engine' | 'state' | 'action')[];
  /** Reference, section 1: brand perception and the technical scan are identical in every market. */
  sameInEveryMarket?: boolean;
  /** Its answers name engines (an `engines` map, an `engine` field): TAB offers the names seen in the cached ones. */
  namesEngines?: boolean;
  /**
   * Its answers name topics by id only (`topic_id`, a task's `topics`): on a terminal the
   * view shows their names from a cached GET /topics answer (src/services/topic-names.ts).
   */
  namesTopics?: boolean;
  /**
   * For endpoints that take one argument per call (an item id, a question): the list
   * endpoint whose rows name the items, the row field, and where the value goes. Used by
   * `vis export` to read a list and then each item of it.
   */
  itemsFrom?: ItemSource<ListId>;
  /**
   * An id given instead of the text a parameter takes (`--prompt <id>`) is looked up in a
   * list first: one more read, unless the cache holds the list.
   */
  idLookup?: IdLookup<ListId>;
  spends?: Spend;
  /** The integration the endpoint needs: without it the API answers 409 integration_not_connected. */
  integration?: string;
  /**
   * The hint under a 404 `not_found` for an item endpoint: the command that lists what the
   * argument may be.
   */
  listHint?: string;
  /** Its rows are the brand's markets: what `vis export` reads to learn them when no flag or GET /brands says. */
  listsMarkets?: boolean;
  /** Why `vis export --only` refuses the endpoint; absent: it may be exported. */
  neverExported?: string;
  /**
   * Reference, section 4: its parameters are "not shown" there, so their names and rules
   * are this project's choice (marked so in openapi.json): `all`, or the names.
   */
  paramsNotShown?: 'all' | readonly string[];
  /**
   * Dotted names in `data` that the reference shows (section 2), beyond the period object
   * every period endpoint has; every other name in the schema is this project's choice.
   */
  shownDataNames?: readonly string[];
}

type EndpointShape<Id extends string, ListId extends string> = EndpointEntry<Id, ListId> & EndpointDefaults;

export type EndpointSpec = EndpointShape<EndpointId, EndpointId>;

/** Where `idLookup` finds the text for an id: `param`'s value is matched against `idField` of the list's rows, and `textField` is sent. */
export interface IdLookup<ListId extends string = EndpointId> {
  list: ListId;
  param: string;
  idField: string;
  textField: string;
}

export interface ItemSource<ListId extends string = EndpointId> {
  /** The list endpoint whose rows are the items. */
  list: ListId;
  /** The field of a row that names the item. */
  field: string;
  /** Where the value goes: the path parameter, or this query parameter. */
  into: { path: string } | { query: string };
  /** What one item is called, in the export plan's file names: `topics.get/<topic>.csv`. */
  item: string;
  /** Rows that are the brand itself (`is_brand`, or its own name) are not items. */
  skipsBrand?: boolean;
}

/** One entry with the defaults filled in. */
function endpoint<Id extends string, ListId extends string = never>(entry: EndpointEntry<Id, ListId>): EndpointShape<Id, ListId> {
  const shape = { ...DEFAULTS, ...entry };
  // The plans that answer it close the summary, from `plan`, never typed by hand.
  return shape.plan === 'pro' ? { ...shape, summary: `${shape.summary} (${PLAN_TEXT.pro.table})` } : shape;
}

const DAYS_RULE: ParamSpec = { kind: 'int', min: 1, max: 90 };

const TABLE = [
  endpoint({
    id: 'brands',
    neverExported: 'brands is not exported: it is free account data, and manifest.json lists the brands exported',
    freshness: 'none',
    words: ['brands'],
    path: '/brands',
    brand: false,
    market: false,
    free: true,
    collection: 'brands',
    group: 'account',
    summary: 'List the brands of the account (free: no read spent)',
    description: 'Brands tracked by the account. Use the id or the name with --brand.',
    examples: ['vis brands', 'vis brands --format json | jq ".data.brands[].name"'],
    noun: 'brands',
  }),
  endpoint({
    id: 'markets',
    listsMarkets: true,
    paramsNotShown: [],
    words: ['markets'],
    path: '/markets',
    market: false,
    collection: 'markets',
    group: 'account',
    summary: 'List the markets (country + language) of a brand',
    description: 'Markets the brand is tracked in. Use the code or id with --market.',
    examples: ['vis markets', 'vis markets --brand "Northwind CRM"'],
    noun: 'markets',
  }),
  endpoint({
    id: 'usage',
    neverExported: 'usage is not exported: it is free account data, and manifest.json records the reads spent',
    freshness: 'none',
    words: ['usage'],
    path: '/usage',
    brand: false,
    market: false,
    free: true,
    group: 'account',
    summary: 'Reads used and left this month, and when the budget resets (free)',
    description: 'The monthly read budget, shared with the agent-tool server of the same account.',
    examples: ['vis usage', 'vis usage --format json | jq .data'],
    noun: 'usage figures',
  }),
  endpoint({
    id: 'overview',
    words: ['overview'],
    path: '/overview',
    period: 'range',
    summary: 'Home summary: visibility, share of voice, position, citations, readiness',
    description:
      'Visibility, share of voice, position and citations against top rivals (overall and per day), perception, cited pages, weakest topics, AI traffic, readiness score and open tasks per layer.',
    examples: ['vis overview', 'vis overview --days 30 --market GB-en'],
    noun: 'overview figures',
  }),
  endpoint({
    id: 'visibility',
    shownDataNames: ['score'],
    words: ['visibility'],
    path: '/visibility',
    collection: 'history',
    summary: 'Brand-wide visibility score (0-100) with 12 weeks of history',
    description: 'Score over the trailing 7 days. A null score means nothing was measured; 0 means AI answered and named the brand nowhere.',
    examples: ['vis visibility', 'vis visibility --format csv'],
    noun: 'visibility weeks',
  }),
  endpoint({
    id: 'topics',
    words: ['topics'],
    path: '/topics',
    period: 'range',
    collection: 'topics',
    summary: 'All topics: visibility, change over the period, rank, rivals named instead',
    description: 'Topic scores for the period. `vis topics <id>` shows one topic in full.',
    examples: ['vis topics --market US-en', 'vis topics --days 30 --format csv -o topics.csv'],
    noun: 'topics',
  }),
  endpoint({
    id: 'topics.get',
    listHint: '`vis topics` lists topic ids.',
    words: ['topics'],
    path: '/topics/{id}',
    pathParam: { name: 'id', type: 'string', description: 'topic id from `vis topics`' },
    collection: 'questions',
    summary: 'One topic in full: questions and answers, head-to-heads, sources, history',
    description: 'Buyer questions with each engine’s latest answer, head-to-heads, top cited sources, score history and content analysis.',
    examples: ['vis topics crm-for-startups', 'vis topics crm-for-startups --format json'],
    noun: 'questions',
    itemsFrom: { list: 'topics', field: 'id', into: { path: 'id' }, item: 'topic' },
  }),
  endpoint({
    id: 'prompts',
    namesEngines: true,
    namesTopics: true,
    words: ['prompts'],
    path: '/prompts',
    collection: 'prompts',
    summary: 'Buyer question by engine matrix: dominant state, rate, position',
    description:
      'Per question and engine: the dominant state over the last 7 days (open, absent, mentioned, recommended, no_answer), the rate behind it and the position when named.',
    examples: ['vis prompts', 'vis prompts --market DE-de --format csv'],
    noun: 'questions',
    listFilters: ['engine', 'state'],
  }),
  endpoint({
    id: 'answers',
    namesEngines: true,
    shownDataNames: ['answers.rate', 'answers.runs_counted'],
    words: ['answers'],
    path: '/answers',
    collection: 'answers',
    summary: 'Answers by question: how often AI named the brand, each engine’s state',
    description: 'Rate over runs counted in the rolling window, per question, with each engine’s state.',
    examples: ['vis answers', 'vis answers --format json | jq ".data.answers[].prompt"'],
    noun: 'answers',
    listFilters: ['engine', 'state'],
  }),
  endpoint({
    id: 'answers.runs',
    namesEngines: true,
    listHint: '`vis answers` lists the questions with their ids; --prompt takes either.',
    words: ['answers', 'runs'],
    path: '/answers/runs',
    query: [
      {
        name: 'prompt',
        flag: 'prompt',
        placeholder: '<id|question>',
        spec: { kind: 'string', minLength: 1 },
        required: true,
        description: 'the question’s id as `vis answers` shows it (looked up there: one more read, unless cached) or its text',
      },
    ],
    collection: 'runs',
    summary: 'The exact answer text each engine gave for one question, per run',
    description: 'Runs over the rolling window for one buyer question, with whether each named the brand.',
    examples: ['vis answers runs --prompt startup-best-crm', 'vis answers runs --prompt "What is the best CRM for an early-stage startup?"'],
    noun: 'runs',
    listFilters: ['engine'],
    itemsFrom: { list: 'answers', field: 'prompt', into: { query: 'prompt' }, item: 'question' },
    idLookup: { list: 'answers', param: 'prompt', idField: 'id', textField: 'prompt' },
  }),
  endpoint({
    id: 'answers.history',
    namesEngines: true,
    paramsNotShown: 'all',
    words: ['answers', 'history'],
    path: '/answers/history',
    period: 'range',
    collection: 'history',
    summary: 'Historical answers',
    description: 'Answer history over the period.',
    examples: ['vis answers history --days 30'],
    noun: 'history entries',
  }),
  endpoint({
    id: 'competitors',
    words: ['competitors'],
    path: '/competitors',
    collection: 'competitors',
    summary: 'Share of voice per competitor over the last 30 days',
    description: 'Competitors AI names, their share of voice and the questions involved. `vis competitors <name>` for one.',
    examples: ['vis competitors', 'vis competitors --market GB-en --format csv --columns name,share_of_voice'],
    noun: 'competitors',
  }),
  endpoint({
    id: 'competitors.get',
    listHint: '`vis competitors` lists the names as AI writes them.',
    words: ['competitors'],
    path: '/competitors/{name}',
    pathParam: { name: 'name', type: 'string', description: 'the competitor’s name as AI writes it' },
    collection: 'topics',
    summary: 'One competitor: topics it wins, questions it wins, what AI said, its pages',
    description: 'The name is URL-encoded by vis; quote names with spaces.',
    examples: ['vis competitors "Globex CRM"'],
    noun: 'topics',
    itemsFrom: { list: 'competitors', field: 'name', into: { path: 'name' }, item: 'competitor', skipsBrand: true },
  }),
  endpoint({
    id: 'sources',
    paramsNotShown: 'all',
    words: ['sources'],
    path: '/sources',
    period: 'range',
    collection: 'sources',
    summary: 'Sources AI cites in answers about the brand’s topics',
    description: 'Cited sources (domains and pages) across engines and topics.',
    examples: ['vis sources', 'vis sources --format csv -o sources.csv'],
    noun: 'sources',
  }),
  endpoint({
    id: 'pages',
    namesEngines: true,
    words: ['pages'],
    path: '/pages',
    period: 'range',
    collection: 'pages',
    summary: 'The brand’s own pages AI cites, now versus the previous period',
    description: 'Cited pages by engine and topic, and what AI cites instead for uncited topic pages.',
    examples: ['vis pages --days 30'],
    noun: 'cited pages',
    listFilters: ['engine'],
  }),
  endpoint({
    id: 'content-gaps',
    namesEngines: true,
    words: ['content-gaps'],
    path: '/content-gaps',
    collection: 'gaps',
    summary: 'Per question: does the brand have a page, does AI cite it, what to do',
    description: 'Content coverage with a recommended action: write, improve or leave.',
    examples: ['vis content-gaps', 'vis content-gaps --format csv --columns prompt,action'],
    noun: 'content gaps',
    listFilters: ['action'],
  }),
  endpoint({
    id: 'brand-perception',
    namesEngines: true,
    freshness: 'weekly',
    words: ['brand-perception'],
    aliases: ['perception'],
    path: '/brand-perception',
    period: 'range',
    plan: 'pro',
    collection: 'engines',
    summary: 'Per engine: does AI know the brand, would it recommend it',
    description: 'What AI gets right and wrong, with weekly history. Identical in every market.',
    examples: ['vis brand-perception', 'vis perception --days 30'],
    noun: 'engines',
    listFilters: ['engine'],
    sameInEveryMarket: true,
  }),
  endpoint({
    id: 'brand-perception.transcript',
    paramsNotShown: 'all',
    freshness: 'weekly',
    words: ['brand-perception', 'transcript'],
    path: '/brand-perception/transcript',
    period: 'range',
    plan: 'pro',
    collection: 'transcript',
    summary: 'The perception transcript: what each engine was asked and said',
    description: 'The questions and answers behind the perception summary.',
    examples: ['vis brand-perception transcript'],
    noun: 'transcript entries',
    sameInEveryMarket: true,
  }),
  endpoint({
    id: 'forum',
    freshness: 'hourly',
    words: ['forum'],
    path: '/forum',
    period: 'range',
    query: [
      {
        name: 'limit',
        flag: 'limit',
        placeholder: '<n>',
        spec: { kind: 'int', min: 1, max: 50, default: 20 },
        description: 'threads per topic, 1-50 (default 20)',
      },
    ],
    plan: 'pro',
    collection: 'topics',
    summary: 'Forum threads buyers write, by topic, and whether AI cites them',
    description: 'Threads grouped by topic with a weekly summary per topic.',
    examples: ['vis forum --limit 5', 'vis forum --days 30 --format json'],
    noun: 'forum topics',
  }),
  endpoint({
    id: 'search-performance',
    paramsNotShown: ['days', 'group_by', 'limit'],
    freshness: 'hourly',
    words: ['search-performance'],
    path: '/search-performance',
    period: 'days',
    defaultDays: 28,
    integration: 'search console',
    query: [
      {
        name: 'group_by',
        flag: 'group-by',
        placeholder: '<query|page>',
        spec: { kind: 'enum', values: ['query', 'page'], default: 'query' },
        description: 'rows by search query (default) or by page URL',
      },
      {
        name: 'limit',
        flag: 'limit',
        placeholder: '<n>',
        spec: { kind: 'int', min: 1, max: 1000, default: 25 },
        description: 'rows, ordered by impressions, 1-1000 (default 25)',
      },
    ],
    collection: 'rows',
    summary: 'Search clicks, impressions and position joined to AI citations',
    description: 'Needs the search-console integration (409 otherwise). --days defaults to 28 here.',
    examples: ['vis search-performance', 'vis search-performance --group-by page --limit 100 --days 90'],
    noun: 'search rows',
  }),
  endpoint({
    id: 'technical',
    freshness: 'weekly',
    words: ['technical'],
    path: '/technical',
    collection: 'issues',
    summary: 'Latest technical scan: AI readiness score, per-engine scores, issues',
    description: 'Weekly scan; each issue lists the pages it affects. Identical in every market.',
    examples: ['vis technical', 'vis technical --format csv --rows issues'],
    noun: 'issues',
    sameInEveryMarket: true,
  }),
  endpoint({
    id: 'ai-crawlers',
    freshness: 'hourly',
    words: ['ai-crawlers'],
    path: '/ai-crawlers',
    period: 'range',
    plan: 'pro',
    collection: 'crawlers',
    summary: 'Which AI bots read the brand’s pages, how often, which pages',
    description: 'Needs a CDN integration or the vendor’s tracking script.',
    examples: ['vis ai-crawlers --days 30'],
    noun: 'crawlers',
  }),
  endpoint({
    id: 'ai-visitors',
    namesEngines: true,
    paramsNotShown: 'all',
    freshness: 'hourly',
    words: ['ai-visitors'],
    path: '/ai-visitors',
    period: 'range',
    plan: 'pro',
    collection: 'visitors',
    summary: 'Visits from AI engines',
    description: 'Visitor traffic referred by AI answer engines.',
    examples: ['vis ai-visitors --days 30'],
    noun: 'visitor rows',
  }),
  endpoint({
    id: 'tasks',
    namesTopics: true,
    paramsNotShown: ['layer', 'status', 'limit'],
    freshness: 'minutes',
    words: ['tasks'],
    path: '/tasks',
    query: [
      {
        name: 'layer',
        flag: 'layer',
        placeholder: '<layer>',
        spec: { kind: 'string', minLength: 1 },
        description: 'only tasks of this layer',
        known: ['content', 'technical', 'authority', 'community'],
      },
      {
        name: 'status',
        flag: 'status',
        placeholder: '<status>',
        spec: { kind: 'string', minLength: 1, default: 'open' },
        description: 'task status (default open)',
        known: ['open', 'todo', 'in_progress', 'done', 'dismissed', 'all'],
      },
      {
        name: 'limit',
        flag: 'limit',
        placeholder: '<n>',
        spec: { kind: 'int', min: 1, max: 1000, default: 30 },
        description: 'at most this many tasks, 1-1000 (default 30)',
      },
    ],
    plan: 'pro',
    collection: 'tasks',
    summary: 'Tasks, best first, with open counts per layer',
    description: '`vis tasks <id>` shows one task’s full brief.',
    examples: ['vis tasks', 'vis tasks --status done --limit 10'],
    noun: 'tasks',
  }),
  endpoint({
    id: 'tasks.get',
    namesTopics: true,
    listHint: '`vis tasks` lists task ids (add --status to see tasks that are not open).',
    freshness: 'minutes',
    words: ['tasks'],
    path: '/tasks/{id}',
    pathParam: { name: 'id', type: 'string', description: 'task id from `vis tasks`' },
    plan: 'pro',
    collection: 'steps',
    summary: 'One task’s brief: why it matters, steps, evidence, topics it moves',
    description: 'The full brief of one task.',
    examples: ['vis tasks 8664'],
    noun: 'steps',
    itemsFrom: { list: 'tasks', field: 'id', into: { path: 'id' }, item: 'task' },
  }),
  endpoint({
    id: 'weekly-plan',
    freshness: 'minutes',
    words: ['weekly-plan'],
    path: '/weekly-plan',
    plan: 'pro',
    collection: 'columns',
    summary: 'The weekly board: To do, In progress, Done',
    description: 'Tasks on this week’s board by column.',
    examples: ['vis weekly-plan'],
    noun: 'board columns',
  }),
  endpoint({
    id: 'activity',
    paramsNotShown: 'all',
    freshness: 'minutes',
    words: ['activity'],
    path: '/activity',
    period: 'range',
    collection: 'events',
    summary: 'Activity feed',
    description: 'What changed recently for the brand.',
    examples: ['vis activity --days 14'],
    noun: 'activity events',
  }),
  endpoint({
    id: 'pitches',
    paramsNotShown: 'all',
    freshness: 'minutes',
    words: ['pitches'],
    path: '/pitches',
    market: false,
    collection: 'pitches',
    summary: 'Pitch reports about prospects',
    description: '`vis pitches <pitch_id>` shows one; `vis pitches create` makes one.',
    examples: ['vis pitches'],
    noun: 'pitch reports',
  }),
  endpoint({
    id: 'pitches.get',
    listHint: '`vis pitches` lists pitch ids.',
    freshness: 'minutes',
    words: ['pitches'],
    path: '/pitches/{pitch_id}',
    pathParam: { name: 'pitch_id', type: 'integer', description: 'pitch id from `vis pitches`' },
    market: false,
    summary: 'One prospect with its report and share link',
    description: 'Market, business type and the report of one pitch.',
    examples: ['vis pitches 7'],
    noun: 'pitch details',
    itemsFrom: { list: 'pitches', field: 'id', into: { path: 'pitch_id' }, item: 'pitch' },
  }),
  endpoint({
    id: 'pitches.create',
    neverExported: 'pitches.create is never exported: it spends one of the month’s pitch reports',
    paramsNotShown: 'all',
    freshness: 'none',
    words: ['pitches', 'create'],
    method: 'POST',
    path: '/pitches',
    plan: 'pitch-reports',
    spends: {
      what: 'pitch report',
      unknownOutcome:
        'The outcome is unknown: the request may have reached the server and created the pitch report, so vis did not send it again (each one spends a report).\nCheck with `vis pitches` before trying again.',
    },
    market: false,
    body: [
      {
        name: 'url',
        flag: 'url',
        placeholder: '<domain-or-url>',
        spec: { kind: 'string', minLength: 1 },
        required: true,
        description: 'the prospect’s domain or http(s) URL (positional)',
      },
      {
        name: 'market',
        flag: 'market',
        placeholder: '<code>',
        spec: { kind: 'string', minLength: 1 },
        description: 'market code to scan the prospect in',
      },
      {
        name: 'business_type',
        flag: 'business-type',
        placeholder: '<text>',
        spec: { kind: 'string', minLength: 1 },
        description: 'what the prospect does, free text',
      },
    ],
    summary: 'Scan a prospect and create a pitch report (spends one monthly pitch report)',
    description: 'Asks before spending on a TTY; needs --yes without one.',
    examples: ['vis pitches create acme.example --market US-en --business-type "B2B SaaS" --yes', 'vis pitches create https://www.acme.example/pricing --yes'],
    noun: 'pitch report',
  }),
];

/** Every endpoint id, as a type: a misspelled id does not compile. */
export type EndpointId = (typeof TABLE)[number]['id'];

/** The table, in the order help, completions and docs/commands.md list it. */
export const ENDPOINTS: readonly EndpointSpec[] = TABLE;

export function isEndpointId(id: string): id is EndpointId {
  return ENDPOINTS.some((e) => e.id === id);
}

/** The endpoint whose rows are a brand's markets (`listsMarkets`). */
export function marketsEndpoint(): EndpointSpec {
  const spec = ENDPOINTS.find((e) => e.listsMarkets);
  if (!spec) throw new Error('the endpoint table has no endpoint that lists markets');
  return spec;
}

export function endpointById(id: EndpointId): EndpointSpec {
  const spec = ENDPOINTS.find((e) => e.id === id);
  if (!spec) throw new Error(`unknown endpoint id ${id}`);
  return spec;
}

/** Query parameters that the common options map to, for openapi and the sandbox. */
export function commonQueryNames(spec: EndpointSpec): string[] {
  const names: string[] = [];
  if (spec.brand) names.push('brand_id');
  if (spec.market) names.push('market');
  if (spec.period === 'range') names.push('days', 'from', 'to');
  if (spec.period === 'days') names.push('days');
  return names;
}

/** The period endpoints' `days` rule, with the endpoint's own default. */
export function daysRule(spec: EndpointSpec): ParamSpec {
  return { ...DAYS_RULE, default: spec.defaultDays } as ParamSpec;
}

/** Endpoints that need an id or a required argument; export skips them unless asked. */
export function needsArgument(spec: EndpointSpec): boolean {
  return spec.pathParam !== undefined || spec.query.some((q) => q.required) || spec.method !== 'GET';
}
