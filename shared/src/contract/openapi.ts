import { z } from 'zod';
import { errorAnswerSchema, errorsOf, type EndpointDefinition } from './endpoint.js';

// The OpenAPI 3.1 document, generated from the contract (issue 28): served at /api/openapi.json,
// committed as docs/openapi.json and compared with a fresh one by a test, so that it never drifts.
// zod 4 writes JSON Schema 2020-12 itself, which is what OpenAPI 3.1 uses: no converter needed.

type Json = Record<string, unknown>;

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Bad request',
  401: 'Not signed in',
  402: 'A paid plan is needed',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  426: 'Extension too old',
  429: 'Too many requests',
  500: 'Server error',
  502: 'An outside service failed',
  503: 'Unavailable',
};

/** What each feature's tag says in the document. */
const tagDescriptions: Record<string, string> = {
  health: 'Whether the server and its database answer',
  auth: 'Accounts and sessions: sign-up, sign-in (cookie or bearer token), password reset, email verification',
  bookmarks: 'The user’s bookmarks and categories',
  copies: 'Readable copies of saved pages, read by the crawler after the save',
  'link-health': 'Whether each bookmark’s address still leads to its page: checked now and then, or on demand',
  pages: 'Reading a page for the add form',
  import: 'Importing a bookmark file or the browser’s bookmarks',
  export: 'The user’s bookmarks as a Netscape bookmark file',
  feeds: 'RSS feeds of the user’s bookmarks, merged',
  recommendations: 'Sites related to a bookmark’s (paid plans)',
  favicons: 'Site icons, fetched and cached by the server',
  extension: 'How this server’s users get the browser extension',
  plans: 'Plans and their prices',
  profile: 'The user’s profile and settings',
  adverts: 'An advertiser’s promo page (advert) and the approved ones',
  admin: 'Approving adverts and granting permissions (admins)',
  promo: 'Public promo pages: follow, followers, posts, figures',
  groups: 'Team workspaces: groups, invitations, members, shared links, live updates',
  billing: 'Subscriptions through Stripe',
  contract: 'This document and its viewer',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** One parameter a line: path parameters always required, query ones as their schema says. */
function parameters(e: EndpointDefinition): Json[] {
  const list: Json[] = [];
  const names = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  for (const name of names) list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (e.query) {
    const schema = jsonSchema(e.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      list.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
  }
  return list;
}

function requestBody(e: EndpointDefinition): Json | undefined {
  const content: Json = {};
  if (e.bodyKind === 'multipart')
    content['multipart/form-data'] = {
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    };
  if (e.bodyKind === 'raw') content['application/octet-stream'] = { schema: { type: 'string', format: 'binary' } };
  if (e.body) content['application/json'] = { schema: jsonSchema(e.body, 'input') };
  return Object.keys(content).length ? { required: true, content } : undefined;
}

function responses(e: EndpointDefinition): Json {
  const out: Json = {};
  for (const [status, answer] of Object.entries(e.answers)) {
    const content =
      'mediaType' in answer
        ? { [answer.mediaType as string]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: jsonSchema(answer as z.ZodType, 'output') } };
    out[status] = { description: statusText[Number(status)] ?? 'Answer', content };
  }
  for (const [status, codes] of [...errorsOf(e)].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: `${statusText[status] ?? 'Error'}: ${[...codes].sort().join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

/** The document for these features' endpoints, each named `feature.name` (its operationId). */
export function openApiDocument(
  features: Record<string, Record<string, EndpointDefinition>>,
  info: { version: string },
): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const [feature, endpoints] of Object.entries(features)) {
    for (const [name, e] of Object.entries(endpoints)) {
      tags.add(e.tag);
      const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation: Json = {
        operationId: `${feature}.${name}`,
        summary: e.summary,
        tags: [e.tag],
        security: e.access === 'public' ? [] : [{ session: [] }, { bearer: [] }],
      };
      const params = parameters(e);
      if (params.length) operation.parameters = params;
      const body = requestBody(e);
      if (body) operation.requestBody = body;
      operation.responses = responses(e);
      paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Linkhive API',
      version: info.version,
      description:
        'The HTTP API of a Linkhive server, generated from its contract. Sessions, rate limits and webhooks are described in docs/API.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name, description: tagDescriptions[name] ?? name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorAnswerSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'linkhive.session_token', description: 'The web app’s session' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A token from POST /api/auth/login?mode=token (the extension, scripts)',
        },
      },
    },
  };
}
