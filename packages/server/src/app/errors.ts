// One catalogue of the errors the server returns: `{ error: { code, message } }` (STYLE.md).
export const ERRORS = {
  NOT_FOUND: { status: 404, message: 'Not found' },
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  HIT_REJECTED: { status: 400, message: 'The event does not match the expected schema.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'The hit could not be stored; try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** `Message: detail`, or `Message. Detail` after a message that ends a sentence. */
function withDetail(message: string, detail?: string): string {
  if (!detail) return message;
  return message.endsWith('.') ? `${message} ${detail.charAt(0).toUpperCase()}${detail.slice(1)}` : `${message}: ${detail}`;
}

export const errorBody = (code: ErrorCode, detail?: string) => ({ error: { code, message: withDetail(ERRORS[code].message, detail) } });
