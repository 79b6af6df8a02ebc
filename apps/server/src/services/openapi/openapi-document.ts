import type { AnySchema, Endpoint } from '@portal/contract';
import { allEndpoints } from '@portal/contract/endpoint-list';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const ENVELOPE_DESCRIPTION =
  'Every JSON answer is an envelope {code, message, data}: code 0 is success, other codes are the error catalogue of section 8.';

function schemaOf(schema: AnySchema, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: the document shows what the value looks like.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
  };
}

/** `/files/:id` → `/files/{id}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersOf(declared: Endpoint): JsonSchema[] {
  const params: JsonSchema[] = [...declared.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!declared.query) return params;
  const query = schemaOf(declared.query, 'input');
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    params.push({ name, in: 'query', required: required.has(name), schema });
  }
  return params;
}

function responseOf(declared: Endpoint): JsonSchema {
  switch (declared.reply ?? 'envelope') {
    case 'envelope':
      return {
        description: ENVELOPE_DESCRIPTION,
        content: {
          'application/json': {
            schema: envelopeOf(declared.data ? schemaOf(declared.data, 'output') : {}),
          },
        },
      };
    case 'json':
      return {
        description: 'Plain JSON (not an envelope)',
        content: { 'application/json': { schema: declared.data ? schemaOf(declared.data, 'output') : {} } },
      };
    case 'event-stream':
      return {
        description: 'A server-sent event stream',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      };
    case 'file':
      return {
        description: 'The file itself',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    case 'html':
      return { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
    case 'redirect':
      return { description: 'A redirect (302) to the next step' };
    case 'websocket':
      return { description: 'Switching protocols to a WebSocket' };
    case 'proxy':
      return { description: 'The upstream tool’s own answer, passed through' };
  }
}

function operationOf(declared: Endpoint): JsonSchema {
  const operation: JsonSchema = {
    summary: declared.summary,
    tags: [declared.tag],
    parameters: parametersOf(declared),
    responses: { 200: responseOf(declared) },
  };
  if (declared.access !== 'public') operation.security = [{ bearer: [] }];
  if (declared.access === 'admin') operation.description = 'Administrators only.';
  if (declared.body) {
    const mediaType = declared.multipart ? 'multipart/form-data' : 'application/json';
    operation.requestBody = { required: true, content: { [mediaType]: { schema: schemaOf(declared.body, 'input') } } };
  }
  return operation;
}

/** The OpenAPI 3.1 document of every endpoint the contract declares. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const declared of allEndpoints()) {
    const path = openApiPath(declared.path);
    paths[path] ??= {};
    paths[path][declared.method.toLowerCase()] = operationOf(declared);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Staff AI portal API',
      version,
      description: `${ENVELOPE_DESCRIPTION} Send the access token as Authorization: Bearer <token>.`,
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
