/**
 * Storage errors the API layer maps to answers: a conflict is the caller's 409, anything else a 503.
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
