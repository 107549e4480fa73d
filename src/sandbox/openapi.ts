/**
 * openapi.json (OpenAPI 3.1), generated so it cannot drift: the operations and parameters
 * from the endpoint table, the parameter rules from the sandbox's own checks (validate.ts,
 * domain/prospect.ts), the `data` schemas from src/schemas/data.ts (zod's JSON Schema
 * output), and the errors each operation can answer from the table's fields.
 *
 * The document is as strict as the sandbox and no stricter: every request it allows is
 * accepted, every one it forbids is refused with 400 (test/sandbox/conformance.test.ts).
 * What the reference does not show is marked `x-vis-choice: true`, with a description
 * saying it is this project's choice.
 *
 * Loaded only when /openapi.json is asked for: building it converts every data schema.
 */
import * as z from 'zod/mini';
import { ENDPOINTS, daysRule, type EndpointSpec, type ParamSpec, type QueryParam } from '../endpoints.js';
import { PROSPECT_PATTERN } from '../domain/prospect.js';
import { DATA_SCHEMAS } from '../schemas/data.js';
import { DEMO_ACCOUNTS } from './accounts.js';
import { MARKET_CODE_PATTERN, MARKET_ID_PATTERN } from './validate.js';

type Json = Record<string, unknown>;

/** The port a document names when its sandbox lives for one command (`--demo`). */
export const PLACEHOLDER_PORT = '4010';

const CHOICE = 'This project’s choice: the reference does not show it.';

/** Marks a name the reference does not show. */
function choice(schema: Json, why = CHOICE): Json {
  const description = typeof schema['description'] === 'string' ? `${schema['description']} ${why}` : why;
  return { ...schema, description, 'x-vis-choice': true };
}

/** A string the sandbox trims before checking it is not empty. */
const NOT_BLANK = '\\S';

/** zod's JSON Schema of z.iso.date(): a real calendar date, YYYY-MM-DD. */
const DATE = (() => {
  const { $schema: _omit, ...schema } = z.toJSONSchema(z.iso.date()) as Json;
  return schema;
})();

function isChoiceParam(spec: EndpointSpec, name: string): boolean {
  const rule = spec.paramsNotShown;
  return rule === 'all' || (rule !== undefined && rule.includes(name));
}

export function paramSchema(spec: ParamSpec, known?: readonly string[]): Json {
  switch (spec.kind) {
    case 'int':
      return {
        type: 'integer',
        ...(spec.min !== undefined ? { minimum: spec.min } : {}),
        ...(spec.max !== undefined ? { maximum: spec.max } : {}),
        ...(spec.default !== undefined ? { default: spec.default } : {}),
      };
    case 'string':
      if (known) return { type: 'string', enum: [...known], ...(spec.default !== undefined ? { default: spec.default } : {}) };
      return {
        type: 'string',
        ...(spec.minLength !== undefined ? { minLength: spec.minLength } : {}),
        // The sandbox trims before it counts: "   " is empty.
        ...(spec.minLength !== undefined && spec.minLength > 0 ? { pattern: NOT_BLANK } : {}),
        ...(spec.default !== undefined ? { default: spec.default } : {}),
      };
    case 'enum':
      return { type: 'string', enum: [...spec.values], ...(spec.default !== undefined ? { default: spec.default } : {}) };
    case 'date':
      return { ...DATE };
  }
}

function parameter(spec: EndpointSpec, name: string, place: 'query' | 'path', required: boolean, description: string, schema: Json): Json {
  const param: Json = { name, in: place, required, description, schema };
  return isChoiceParam(spec, name) ? choice(param) : param;
}

/** The common parameters (brand, market, period) the endpoint takes, then its own. */
export function parametersOf(spec: EndpointSpec): Json[] {
  const parameters: Json[] = [];
  if (spec.pathParam) {
    const { name, type, description } = spec.pathParam;
    // The reference names {id} but not its type; a string is the choice that refuses nothing.
    const schema = type === 'integer' ? { type: 'integer' } : choice({ type: 'string' }, 'The type is this project’s choice: the reference does not show it.');
    parameters.push(parameter(spec, name, 'path', true, description, schema));
  }
  if (spec.brand) {
    parameters.push(
      parameter(spec, 'brand_id', 'query', false, 'Brand from GET /brands. Required when the account has more than one brand (400 brand_required otherwise).', {
        type: 'integer',
      }),
    );
  }
  if (spec.market) {
    parameters.push(
      parameter(
        spec,
        'market',
        'query',
        false,
        'Market code (`US-en`, any case), country (`US`, when the brand has one market there; 400 when it has several) or market id, from GET /markets. Default: the primary market.',
        { type: 'string', anyOf: [{ pattern: MARKET_CODE_PATTERN }, { pattern: MARKET_ID_PATTERN }] },
      ),
    );
  }
  if (spec.period !== 'none') {
    const description =
      spec.period === 'range'
        ? 'Days back ending `to` (default today). Ignored when `from` is given: then not even checked.'
        : 'Trailing window in days, ending today.';
    parameters.push(parameter(spec, 'days', 'query', false, description, paramSchema(daysRule(spec))));
  }
  if (spec.period === 'range') {
    parameters.push(
      parameter(spec, 'from', 'query', false, 'Start date (UTC); at most 90 days before `to` and not after it (400 otherwise).', { ...DATE }),
      parameter(spec, 'to', 'query', false, 'End date (UTC). Default today.', { ...DATE }),
    );
  }
  for (const param of spec.query) {
    parameters.push(parameter(spec, param.name, 'query', param.required === true, param.description, paramSchema(param.spec, param.known)));
  }
  return parameters;
}

/** The POST body's field rules beyond their ParamSpec: the prospect rule and market codes. */
const BODY_PATTERNS: Readonly<Record<string, Json>> = {
  url: {
    pattern: PROSPECT_PATTERN,
    description:
      'The prospect: a domain (`acme.example`) or an http(s) URL, without credentials, with a domain for a host (no IP address). An international name may be typed as is or in punycode; as is, it must also be valid IDNA.',
  },
  market: { pattern: MARKET_CODE_PATTERN, description: 'Market code (`US-en`) or country (`US`) to scan the prospect in; not a market id.' },
};

function bodyField(field: QueryParam): Json {
  const extra = BODY_PATTERNS[field.name];
  const base = paramSchema(field.spec);
  // A string rule with a pattern of its own needs no "not blank" pattern beside it.
  const schema = extra ? { ...base, pattern: extra['pattern'] } : base;
  return choice({ ...schema, description: (extra?.['description'] as string | undefined) ?? field.description });
}

/**
 * Names of a `data` payload the API's documentation shows: the period object, the
 * visibility score, an answer's rate over runs counted. Everything else is marked.
 */
const SHOWN_DATA_NAMES: readonly string[] = ['period', 'period.from', 'period.to', 'period.days'];

/** Marks every property below `schema` whose dotted name (arrays skipped) is not shown. */
function markDataNames(schema: unknown, shown: ReadonlySet<string>, at: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => markDataNames(item, shown, at));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => {
          const path = at === '' ? name : `${at}.${name}`;
          const marked = markDataNames(sub, shown, path) as Json;
          return [name, shown.has(path) ? marked : { ...marked, 'x-vis-choice': true }];
        }),
      );
    } else out[key] = markDataNames(value, shown, at);
  }
  return out;
}

/** The endpoint's data schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
export function dataSchema(spec: EndpointSpec): Json {
  const { $schema: _omit, ...schema } = z.toJSONSchema(DATA_SCHEMAS[spec.id], { target: 'draft-2020-12', io: 'output' }) as Json;
  const shown = new Set([...SHOWN_DATA_NAMES, ...(spec.shownDataNames ?? [])]);
  return {
    ...(markDataNames(schema, shown, '') as Json),
    description:
      'The payload. Its field names beyond those the API’s documentation shows (the period object, the visibility score, an answer’s rate and runs_counted) are this project’s choice and carry `x-vis-choice`. Objects are open: a client should accept fields it does not know.',
  };
}

/** Every error code, by status, with who decided its name. */
const ERROR_CODES: Readonly<Record<string, readonly { code: string; reference: boolean }[]>> = {
  '400': [
    { code: 'invalid_parameter', reference: true },
    { code: 'brand_required', reference: true },
  ],
  '401': [{ code: 'invalid_api_key', reference: true }],
  '402': [{ code: 'pitch_allowance_exhausted', reference: false }],
  '403': [
    { code: 'feature_not_in_plan', reference: true },
    { code: 'plan_inactive', reference: true },
  ],
  '404': [
    { code: 'brand_not_found', reference: true },
    { code: 'market_not_found', reference: true },
    { code: 'not_found', reference: true },
  ],
  '405': [{ code: 'method_not_allowed', reference: false }],
  '409': [{ code: 'integration_not_connected', reference: true }],
  '413': [{ code: 'payload_too_large', reference: false }],
  '429': [
    { code: 'quota_exceeded', reference: true },
    { code: 'rate_limited', reference: true },
  ],
  '500': [{ code: 'internal_error', reference: false }],
  '502': [{ code: 'upstream_error', reference: true }],
  '503': [{ code: 'service_unavailable', reference: false }],
};

const ERROR_TEXT: Readonly<Record<string, string>> = {
  invalid_parameter: 'a parameter has the wrong type, is out of range, or a required one is missing; the message names it',
  brand_required: 'the account has several brands and `brand_id` is absent',
  invalid_api_key: 'the key is missing, mistyped, unknown or revoked',
  pitch_allowance_exhausted: 'this month’s pitch reports are used up',
  feature_not_in_plan: 'the data belongs to the Pro and Growth plans',
  plan_inactive: 'the account’s plan is not active',
  brand_not_found: '`brand_id` is not on this account',
  market_not_found: 'the market is not a live market of this brand',
  not_found: 'the item (or, outside any operation, the path) does not exist',
  method_not_allowed: 'the path exists but not with this method; the Allow header lists the methods',
  integration_not_connected: 'the endpoint needs an integration that is not connected',
  payload_too_large: 'the request body is larger than 1 MiB',
  quota_exceeded: 'the monthly read budget is used up',
  rate_limited: 'more than 60 requests a minute with this key; Retry-After says how long to wait',
  internal_error: 'a fault of the API itself',
  upstream_error: 'a service the API depends on failed; retry later',
  service_unavailable: 'the API is down for maintenance or overloaded; retry later',
};

/** The error codes one operation can answer, by status: what its table entry makes possible. */
export function errorCodesOf(spec: EndpointSpec): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  const add = (status: string, ...names: string[]) => {
    codes[status] = [...(codes[status] ?? []), ...names];
  };
  const takesInput = spec.brand || spec.market || spec.period !== 'none' || spec.query.length > 0 || spec.pathParam !== undefined || spec.body !== undefined;
  if (takesInput) add('400', 'invalid_parameter');
  if (spec.brand) add('400', 'brand_required');
  add('401', 'invalid_api_key');
  if (spec.spends?.what === 'pitch report') add('402', 'pitch_allowance_exhausted');
  if (spec.plan !== 'any') add('403', 'feature_not_in_plan');
  // /brands and /usage answer on an inactive plan, so a user can see what is wrong.
  if (!spec.free) add('403', 'plan_inactive');
  if (spec.brand) add('404', 'brand_not_found');
  if (spec.market) add('404', 'market_not_found');
  if (spec.pathParam || spec.query.some((q) => q.required)) add('404', 'not_found');
  if (spec.integration) add('409', 'integration_not_connected');
  add('413', 'payload_too_large');
  if (!spec.free) add('429', 'quota_exceeded');
  add('429', 'rate_limited');
  add('500', 'internal_error');
  add('502', 'upstream_error');
  add('503', 'service_unavailable');
  return codes;
}

const HEADERS: Readonly<Record<string, Json>> = {
  '401': { 'WWW-Authenticate': { required: true, description: 'Bearer, with the error of RFC 6750 when a key was sent.', schema: { type: 'string' } } },
  '405': { Allow: { required: true, description: 'The methods the path accepts.', schema: { type: 'string' } } },
  '429': { 'Retry-After': { description: 'Seconds to wait (rate_limited only).', schema: { type: 'integer', minimum: 1 } } },
};

/** Every response the sandbox sends carries its request id (server.ts). */
const REQUEST_ID_HEADER: Json = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

function errorResponse(status: string, codes: readonly string[], note = ''): Json {
  const chosen = codes.filter((code) => !ERROR_CODES[status]?.find((c) => c.code === code)?.reference);
  const why =
    chosen.length > 0
      ? ` The code${chosen.length > 1 ? 's' : ''} ${chosen.join(', ')}: this project’s choice (the reference does not show ${chosen.length > 1 ? 'them' : 'it'}).`
      : '';
  const response: Json = {
    description: `${codes.map((code) => `${code}: ${ERROR_TEXT[code] ?? code}`).join('; ')}${note}.${why}`,
    headers: { ...REQUEST_ID_HEADER, ...(HEADERS[status] ?? {}) },
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', enum: [...codes] }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
  return chosen.length > 0 ? { ...response, 'x-vis-choice': true } : response;
}

function operation(spec: EndpointSpec): Json {
  const created = spec.method === 'POST';
  const success = created ? '201' : '200';
  const envelope: Json = {
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: dataSchema(spec), meta: { $ref: '#/components/schemas/Meta' } },
  };
  const responses: Json = {
    [success]: created
      ? choice(
          {
            description: 'Created: the pitch report, with the allowance left.',
            headers: REQUEST_ID_HEADER,
            content: { 'application/json': { schema: envelope } },
          },
          'The status 201 and this shape are this project’s choice: the reference does not show them.',
        )
      : { description: 'OK', headers: REQUEST_ID_HEADER, content: { 'application/json': { schema: envelope } } },
  };
  for (const [status, codes] of Object.entries(errorCodesOf(spec))) {
    const note = status === '409' ? ` (this endpoint needs the ${spec.integration} integration)` : '';
    responses[status] = errorResponse(status, codes, note);
  }
  const proOnly = spec.plan !== 'any';
  const op: Json = {
    operationId: spec.id,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.words[0] ?? spec.id],
    parameters: parametersOf(spec),
    responses,
    'x-vis-command': `vis ${spec.words.join(' ')}`,
    'x-plan': proOnly ? ['pro', 'growth'] : ['monitor', 'pro', 'growth'],
    'x-counts-as-read': !spec.free,
  };
  if (spec.body) {
    op['requestBody'] = {
      required: true,
      description: 'A JSON object. This project’s choice: the reference does not show the body. Fields beyond these are ignored; null is refused.',
      'x-vis-choice': true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: spec.body.filter((f) => f.required).map((f) => f.name),
            properties: Object.fromEntries(spec.body.map((f) => [f.name, bodyField(f)])),
            additionalProperties: true,
          },
        },
      },
    };
  }
  return op;
}

export interface OpenApiOptions {
  /** The port the sandbox listens on; null for a sandbox that lives for one command. */
  port: number | null;
  host: string;
}

function server(options: OpenApiOptions): Json {
  const demo = `Demo keys: ${DEMO_ACCOUNTS.map((a) => a.key).join(', ')}.`;
  const port =
    options.port === null
      ? {
          default: PLACEHOLDER_PORT,
          description: `A placeholder: the sandbox that served this document lived for one command. Start one with \`vis sandbox --port ${PLACEHOLDER_PORT}\`.`,
        }
      : { default: String(options.port), description: 'The port this sandbox listens on.' };
  return { url: `http://${options.host}:{port}/api/v1`, description: `A vis sandbox. ${demo}`, variables: { port } };
}

/** What the API answers to a request that matches no operation. */
function unmatchedResponses(): Json {
  return {
    '404': errorResponse('404', ['not_found'], ' (no endpoint at this path; after authentication)'),
    '405': errorResponse('405', ['method_not_allowed']),
  };
}

export function buildOpenApi(options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const spec of ENDPOINTS) {
    const item = paths[spec.path] ?? {};
    item[spec.method.toLowerCase()] = operation(spec);
    paths[spec.path] = item;
  }
  const tags = [...new Set(ENDPOINTS.map((spec) => spec.words[0] ?? spec.id))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Brand AI-Visibility Read API',
      version: 'v1',
      description: [
        'AI-visibility data of the brands of an account: topic scores, engine answers, competitors, citations, perception, technical scan, AI traffic, forum threads, search performance, tasks and pitch reports. Served here by the vis sandbox from deterministic demo data.',
        'The reference (api-v1-reference) fixes the paths, the common parameters, the envelopes, the enumerations, the score ranges and the section-7 error codes. Everything it does not show is this project’s choice and carries `x-vis-choice: true`: most `data` field names, some parameter names and rules, the POST body and its 201, and the codes 402 pitch_allowance_exhausted, 405 method_not_allowed, 413 payload_too_large, 500 internal_error and 503 service_unavailable.',
        'Each operation lists the statuses it can answer and, per status, the codes. A request that matches no operation answers `x-vis-unmatched` (404 not_found for an unknown path, 405 method_not_allowed with Allow for a known path with another method), after authentication.',
      ].join('\n\n'),
    },
    servers: [server(options)],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    'x-vis-unmatched': unmatchedResponses(),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>. Rate limit: 60 requests a minute per key.' },
      },
      headers: {
        RequestId: choice(
          {
            description:
              'The request’s id, `req_` and the number of the request since the sandbox started (or was reset), at least six digits: `req_000042`. `vis --debug` shows it with an API error.',
            schema: { type: 'string', pattern: '^req_[0-9]{6,}$' },
          },
          'The header is this project’s choice: the reference does not show one.',
        ),
      },
      schemas: {
        Meta: {
          type: 'object',
          properties: {
            api_version: { type: 'string', const: 'v1' },
            brand: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
            market: {
              type: 'object',
              required: ['id', 'code', 'label'],
              properties: { id: { type: 'integer' }, code: { type: 'string' }, label: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
