/** OpenAPI 3.1 description of /api/v2, generated from the shared schemas. */
import { z } from 'zod';
import { API_BASE_PATH, type EndpointDefinition, endpoints, ErrorBody } from '../../shared/api/index.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'output') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

export function buildOpenApi() {
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: jsonSchema(ErrorBody, 'output') } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, definition] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    const operation = {
      operationId,
      summary: definition.summary,
      tags: [definition.group],
      parameters: [...parameters(definition.params, 'path'), ...parameters(definition.query, 'query')],
      ...(definition.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(definition.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [definition.status]: definition.response
          ? {
              description: 'OK',
              content: { 'application/json': { schema: jsonSchema(definition.response, 'output') } },
            }
          : { description: 'No content' },
        default: errorResponse,
      },
      security: [{ bearer: [] }],
    };
    (paths[definition.path] ??= {})[definition.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reception and Access Integration Service (Foyer reference service)',
      version: '0.0.0',
    },
    servers: [{ url: API_BASE_PATH }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
