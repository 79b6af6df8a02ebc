import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are secrets: sign-in codes and states, tokens, one-time codes,
 * secrets. Matched also when they travel URL-encoded inside another parameter (`from=/x%3Fcode%3D…`).
 */
const SECRET_PARAMS = [
  'code',
  'state',
  'nonce',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'blueaicode',
  'code_verifier',
  'client_secret',
  'password',
  'session_state',
];
const SECRET_QUERY = new RegExp(
  `((?:^|[?&]|%3F|%26)(?:${SECRET_PARAMS.join('|')})(?:=|%3D))(?:(?!%26)[^&#\\s])*`,
  'gi',
);

export const REDACTED = '[REDACTED]';

/** The URL with every secret query value replaced, as it may be written to a log. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  return url.slice(0, query) + url.slice(query).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Body and header fields that never reach a log line, wherever a logger is handed them. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-search-token"]',
  'res.headers["set-cookie"]',
  'body.code',
  'body.state',
  'body.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.blueaicode',
  '*.code_verifier',
  '*.client_secret',
];

interface SerializableRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino options for the server: request URLs without secrets, secret fields redacted. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: SerializableRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
