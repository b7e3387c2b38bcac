// Shared by the schema's tests: a minimal document and the two ways of reading a parse.
import { parseProperty } from './validate';

export type Json = Record<string, unknown>;

/** A minimal valid document; `extra` replaces or adds top-level parts. */
export const doc = (extra: Json = {}): Json => ({
  name: 'health-site',
  settings: { trackingServer: 'metrics.example.com' },
  environments: {
    development: { reportSuites: ['tw-dev'] },
    staging: { reportSuites: ['tw-stg'] },
    production: { reportSuites: ['tw-prod'] },
  },
  ...extra,
});

/** The errors of a document that must be invalid. */
export function errorsOf(input: unknown): string[] {
  const result = parseProperty(input);
  if (result.ok) throw new Error('expected the document to be invalid');
  return result.errors;
}

/** The property of a document that must be valid. */
export function parsed(input: unknown) {
  const result = parseProperty(input);
  if (!result.ok) throw new Error(`expected a valid document:\n${result.errors.join('\n')}`);
  return result.property;
}
