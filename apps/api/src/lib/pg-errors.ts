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
