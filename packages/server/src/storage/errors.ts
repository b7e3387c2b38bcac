/**
 * Storage errors the API layer maps to answers: a conflict is the caller's 409, a read past its timeout
 * a 504, anything else a 503.
 */

/** A unique key already taken: a username, a session id. */
export class StorageConflictError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageConflictError';
  }
}

/** PostgreSQL's unique_violation, or SQLite's UNIQUE / PRIMARY KEY constraint. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A read ran past its statement timeout (the API's 504); the database is fine, the question too big. */
export class StorageTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`the query ran longer than its ${timeoutMs} ms timeout`, options);
    this.name = 'StorageTimeoutError';
  }
}

/** PostgreSQL's query_canceled, which statement_timeout raises. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014';
}
