/**
 * SQLSTATEs of a connection that is lost or cannot be made: the server shutting down or
 * terminating the session (57P01–57P03), and the connection exception class (08xxx).
 */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/**
 * Socket errors of the PostgreSQL driver reaching its server. The providers and storage reached
 * by request handlers map their own failures to AppError or LlmError, so a raw one is the database's.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Messages without a code: the PostgreSQL driver's lost connection and connect timeout, PGlite
 * closed or closing, and the embedded database's thread gone (db/pglite-thread.ts).
 */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|PGlite is clos(ed|ing)|the embedded database( is closed|'s thread stopped))/;

/** How deep a cause chain is followed (the query builder wraps the driver's error once). */
const MAX_CAUSES = 5;

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/**
 * Whether an error means the database cannot be reached for now (as opposed to a query that is
 * wrong): answered 503 with a retry hint rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSES; depth++) {
    if (isConnectionFailure(current)) return true;
    // Connecting to a name with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some((e) => e instanceof Error && isConnectionFailure(e))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
