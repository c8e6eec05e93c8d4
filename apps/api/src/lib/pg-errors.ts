/** The PostgreSQL error behind a failed query: drizzle wraps the driver's error in `cause`. */
function driverError(error: unknown): { code?: string; constraint?: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { code?: unknown; cause?: unknown };
  if (typeof candidate.code === 'string') return candidate as { code?: string; constraint?: string };
  return candidate.cause === undefined ? undefined : driverError(candidate.cause);
}

/** Whether the error is a unique violation (23505) of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = driverError(error);
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

/** Whether the error is a foreign-key violation (23503) of the named constraint. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  const pgError = driverError(error);
  return pgError?.code === '23503' && pgError.constraint === constraint;
}

/**
 * Runs a write and answers `outcome` in its place when PostgreSQL refuses it for the named
 * unique or foreign-key constraint (a name clash, a row still referenced); any other error goes on.
 */
export async function refusedAs<T, O>(write: () => Promise<T>, constraint: string, outcome: O): Promise<T | O> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint) || isForeignKeyViolation(error, constraint)) return outcome;
    throw error;
  }
}

// Socket errors of a connection that could not be opened or was lost.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres's own errors for a lost connection or a full wait for one carry no code.
const CONNECTION_ERROR_TEXT =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether the error means the database cannot be reached right now (down, restarting,
 * shutting down, the network gone) rather than that the query was wrong: class 08
 * (connection exception), 57P01-57P03 (shutdown, crash, not accepting connections yet),
 * a socket error, or node-postgres's message for a lost connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || /^08|^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_TEXT.test(message)) return true;
    // A connection refused on every address of a name arrives as one AggregateError.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = cause;
  }
  return false;
}
