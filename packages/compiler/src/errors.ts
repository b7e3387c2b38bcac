/**
 * A problem in the user's input (the document, its custom code, the command line): the CLI
 * prints `errors` one per line and exits 1, without a stack trace.
 */
export class CompileError extends Error {
  readonly errors: string[];

  constructor(summary: string, errors: string[] = []) {
    super(errors.length ? `${summary}\n  ${errors.join('\n  ')}` : summary);
    this.name = 'CompileError';
    this.errors = errors;
  }
}
