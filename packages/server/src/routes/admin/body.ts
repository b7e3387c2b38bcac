import type { z } from 'zod';
import { formatPath } from '@tagwell/schema';
import { ApiError } from '../../app/errors';

/** A request body checked against its schema, or BAD_REQUEST naming each wrong field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  throw new ApiError('BAD_REQUEST', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
}

/** A whole number from the path or query, or BAD_REQUEST. */
export function wholeNumber(value: unknown, name: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < min || n > max) throw new ApiError('BAD_REQUEST', `${name} must be a whole number from ${min} to ${max}`);
  return n;
}
