/**
 * openapi.json (OpenAPI 3.1), generated from the endpoint table so it cannot drift from
 * the commands or the sandbox's routes: every path and method, every parameter with its
 * type, range, default and allowed values, the POST body, the envelopes, the errors each
 * endpoint can answer, bearer authentication and the sandbox as the server.
 */
import { ENDPOINTS, daysRule, type EndpointSpec, type ParamSpec, type QueryParam } from '../endpoints.js';
import { DEMO_ACCOUNTS } from './accounts.js';
import { KNOWN_VALUES } from './data.js';

type Json = Record<string, unknown>;

const ERROR_RESPONSES: Readonly<Record<string, string>> = {
  '400': 'invalid_parameter (the message names the parameter) or brand_required',
  '401': 'invalid_api_key: the key is missing, mistyped, unknown or revoked',
  '402': 'pitch_allowance_exhausted: this month’s pitch reports are used up',
  '403': 'feature_not_in_plan or plan_inactive',
  '404': 'brand_not_found, market_not_found or not_found',
  '409': 'integration_not_connected',
  '429': 'rate_limited (with Retry-After) or quota_exceeded',
  '502': 'upstream_error: a service the API depends on failed; retry later',
};

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
      return {
        type: 'string',
        ...(spec.minLength !== undefined ? { minLength: spec.minLength } : {}),
        ...(known ? { enum: [...known] } : {}),
        ...(spec.default !== undefined ? { default: spec.default } : {}),
      };
    case 'enum':
      return { type: 'string', enum: [...spec.values], ...(spec.default !== undefined ? { default: spec.default } : {}) };
    case 'date':
      return { type: 'string', format: 'date' };
  }
}

function queryParameter(spec: EndpointSpec, param: QueryParam): Json {
  return {
    name: param.name,
    in: 'query',
    required: param.required === true,
    description: param.description,
    schema: paramSchema(param.spec, KNOWN_VALUES[spec.id]?.[param.name]),
  };
}

/** The common parameters (reference section 4) the endpoint takes, then its own. */
export function parametersOf(spec: EndpointSpec): Json[] {
  const parameters: Json[] = [];
  if (spec.pathParam) {
    parameters.push({
      name: spec.pathParam.name,
      in: 'path',
      required: true,
      description: spec.pathParam.description,
      schema: { type: spec.pathParam.type },
    });
  }
  if (spec.brand) {
    parameters.push({
      name: 'brand_id',
      in: 'query',
      required: false,
      description: 'Brand from GET /brands. Required when the account has more than one brand (400 brand_required otherwise).',
      schema: { type: 'integer' },
    });
  }
  if (spec.market) {
    parameters.push({
      name: 'market',
      in: 'query',
      required: false,
      description: 'Market code (`US-en`), country (`US`, when the brand has one market there) or market id, from GET /markets. Default: the primary market.',
      schema: { type: 'string' },
    });
  }
  if (spec.period !== 'none') {
    parameters.push({
      name: 'days',
      in: 'query',
      required: false,
      description: spec.period === 'range' ? 'Days back ending `to` (default today). Ignored when `from` is given.' : 'Trailing window in days, ending today.',
      schema: paramSchema(daysRule(spec)),
    });
  }
  if (spec.period === 'range') {
    parameters.push(
      { name: 'from', in: 'query', required: false, description: 'Start date; at most 90 days before `to`.', schema: { type: 'string', format: 'date' } },
      { name: 'to', in: 'query', required: false, description: 'End date. Default today.', schema: { type: 'string', format: 'date' } },
    );
  }
  for (const param of spec.query) parameters.push(queryParameter(spec, param));
  return parameters;
}

function dataSchema(spec: EndpointSpec): Json {
  const properties: Json = {};
  const required: string[] = [];
  if (spec.collection) {
    properties[spec.collection] = { type: 'array', items: { type: 'object' }, description: `The main collection (${spec.noun}).` };
    required.push(spec.collection);
  }
  if (spec.period !== 'none') {
    properties['period'] = { $ref: '#/components/schemas/Period' };
    required.push('period');
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function errorCodes(spec: EndpointSpec): string[] {
  const codes = ['401'];
  const takesInput = spec.brand || spec.period !== 'none' || spec.query.length > 0 || spec.pathParam !== undefined || spec.body !== undefined;
  if (takesInput) codes.push('400');
  if (spec.body) codes.push('402');
  if (!spec.free) codes.push('403');
  if (spec.brand || spec.pathParam || spec.query.some((q) => q.required)) codes.push('404');
  if (spec.integration) codes.push('409');
  codes.push('429', '502');
  return codes.sort();
}

function operation(spec: EndpointSpec): Json {
  const success = spec.method === 'POST' ? '201' : '200';
  const responses: Json = {
    [success]: {
      description: spec.method === 'POST' ? 'Created' : 'OK',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['data', 'meta'],
            properties: { data: dataSchema(spec), meta: { $ref: '#/components/schemas/Meta' } },
          },
        },
      },
    },
  };
  for (const status of errorCodes(spec)) {
    const integration = status === '409' ? ` (needs the ${spec.integration} integration)` : '';
    responses[status] = {
      description: `${ERROR_RESPONSES[status] ?? 'Error'}${integration}`,
      ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait (rate_limited only)', schema: { type: 'integer', minimum: 1 } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const op: Json = {
    operationId: spec.id,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.words[0] ?? spec.id],
    parameters: parametersOf(spec),
    responses,
    'x-vis-command': `vis ${spec.words.join(' ')}`,
    'x-plan': spec.plan === 'pro' ? ['pro', 'growth'] : ['monitor', 'pro', 'growth'],
    'x-counts-as-read': !spec.free,
  };
  if (spec.body) {
    op['requestBody'] = {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: spec.body.filter((f) => f.required).map((f) => f.name),
            properties: Object.fromEntries(spec.body.map((f) => [f.name, { ...paramSchema(f.spec), description: f.description }])),
            additionalProperties: true,
          },
        },
      },
    };
  }
  return op;
}

export function buildOpenApi(options: { serverUrl: string }): Json {
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
      description:
        'AI-visibility data of the brands of an account: topic scores, engine answers, competitors, citations, perception, technical scan, AI traffic, forum threads, search performance, tasks and pitch reports. Served here by the vis sandbox from deterministic demo data.',
    },
    servers: [{ url: options.serverUrl, description: `vis sandbox (demo keys: ${DEMO_ACCOUNTS.map((a) => a.key).join(', ')})` }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>. Rate limit: 60 requests a minute per key.' },
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
        Period: {
          type: 'object',
          required: ['from', 'to', 'days'],
          properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' }, days: { type: 'integer', minimum: 1 } },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
