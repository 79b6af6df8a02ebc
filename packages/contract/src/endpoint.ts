import { z, type core } from 'zod';

/** A classic or mini zod schema (the browser's responses use zod/mini). */
export type AnySchema = core.$ZodType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in user (plus the module's app right under a module prefix), an administrator. */
export type EndpointAccess = 'public' | 'user' | 'admin';

/**
 * What the response body is. `envelope` (the default) is section 7's `{code, message, data}` with
 * `data` as described; `json` is plain JSON described by `data`; the others are served as they are.
 */
export type EndpointReply = 'envelope' | 'json' | 'event-stream' | 'file' | 'html' | 'redirect' | 'websocket' | 'proxy';

/**
 * One HTTP endpoint of the portal, declared once: the server registers its route from it (method,
 * path, input parsing), the web calls it through it, and the OpenAPI document is generated from the
 * list of all of them (`ENDPOINTS`).
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Full path as the browser calls it, Fastify style for parameters (`/files/:id`). */
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The group it belongs to in the document (usually the module or the API area). */
  readonly tag: string;
  readonly access: EndpointAccess;
  readonly query?: AnySchema;
  readonly body?: AnySchema;
  /** The envelope's `data`; absent when the endpoint answers `null` or is not an envelope. */
  readonly data?: AnySchema;
  /** Defaults to `envelope`. */
  readonly reply?: EndpointReply;
  /** Multipart upload (the body schema then describes its fields). */
  readonly multipart?: boolean;
}

/** Declares an endpoint, keeping its literal types for the server and the web. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

/** The envelope data type of an endpoint. */
export type EndpointData<E extends Endpoint> = E['data'] extends AnySchema ? z.output<E['data']> : unknown;
export type EndpointQuery<E extends Endpoint> = E['query'] extends AnySchema ? z.output<E['query']> : undefined;
export type EndpointBody<E extends Endpoint> = E['body'] extends AnySchema ? z.output<E['body']> : undefined;
/** What a caller sends: the schemas' input, where a field with a default may be left out. */
export type EndpointQueryInput<E extends Endpoint> = E['query'] extends AnySchema ? z.input<E['query']> : undefined;
export type EndpointBodyInput<E extends Endpoint> = E['body'] extends AnySchema ? z.input<E['body']> : undefined;

/** The route key used to match a registered route to its descriptor: `GET /api/user/info`. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The body of a multipart upload: one file in the field `file`. */
export const uploadedFileBodySchema = z.object({ file: z.string().describe('the file (binary)') });
