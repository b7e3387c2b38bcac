// One catalogue of the errors the server returns: `{ error: { code, message } }` (STYLE.md).
export const ERRORS = {
  NOT_FOUND: { status: 404, message: 'Not found' },
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  HIT_REJECTED: { status: 400, message: 'The event does not match the expected schema.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'The hit could not be stored; try again later' },
  QUERY_TIMEOUT: { status: 504, message: 'The query took too long; try a shorter range or a narrower filter' },
  TOO_MANY_STREAMS: { status: 503, message: 'Too many live streams are open; try again later' },
  URL_TOO_LONG: { status: 414, message: 'The URL is too long' },
  // Admin API (docs/ADMIN-API.md).
  UNAUTHENTICATED: { status: 401, message: 'Sign in first' },
  INVALID_CREDENTIALS: { status: 401, message: 'The username or password is not right' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many sign-in attempts; wait a minute and try again' },
  CSRF_FAILED: { status: 403, message: 'The request did not come from the console; reload the page and try again' },
  FORBIDDEN: { status: 403, message: 'Your role does not allow this' },
  INVALID_PROPERTY: { status: 422, message: 'The property document is not valid' },
  VERSION_CONFLICT: { status: 409, message: 'Someone saved a newer version; reload and make the change again' },
  PROMOTION_ORDER: { status: 409, message: 'Publish in order: development, then staging, then production' },
  BUILD_FAILED: { status: 422, message: 'The container could not be built' },
  USERNAME_TAKEN: { status: 409, message: 'That username is taken' },
  CONSOLE_NOT_BUILT: { status: 503, message: 'The console is not built; run npm run build:console' },
  LAST_ADMIN: { status: 409, message: 'There must be at least one administrator' },
  WEAK_PASSWORD: { status: 400, message: 'The password is too easy to guess.' },
  PREVIEW_INVALID: { status: 400, message: 'The preview link is not valid or has expired; start the preview again from the console' },
  // Decision service (docs/PERSONALISATION.md).
  DELIVERY_INVALID: { status: 400, message: 'The delivery request is not valid' },
  UNKNOWN_CLIENT: { status: 404, message: 'No property publishes activities for this client' },
  UNKNOWN_ENVIRONMENT_ID: { status: 400, message: 'No environment of this client has that environmentId' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** `Message: detail`, or `Message. Detail` after a message that ends a sentence. */
function withDetail(message: string, detail?: string): string {
  if (!detail) return message;
  return message.endsWith('.') ? `${message} ${detail.charAt(0).toUpperCase()}${detail.slice(1)}` : `${message}: ${detail}`;
}

export interface ErrorIssue {
  path: string;
  message: string;
}

export const errorBody = (code: ErrorCode, detail?: string, issues?: ErrorIssue[]) => ({
  error: { code, message: withDetail(ERRORS[code].message, detail), ...(issues && { issues }) },
});

/** Thrown by admin handlers; the error handler answers it from the catalogue. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(withDetail(ERRORS[code].message, detail));
    this.name = 'ApiError';
  }
}

/** `rules[3].name: required` -> `{ path: 'rules[3].name', message: 'required' }` (the schema's messages). */
export function toIssue(line: string): ErrorIssue {
  const at = line.indexOf(': ');
  return at < 0 ? { path: '(document)', message: line } : { path: line.slice(0, at), message: line.slice(at + 2) };
}
