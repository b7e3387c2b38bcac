/**
 * Waiting in an end-to-end test for something the product does a moment later (a hit stored, a
 * result counted), bounded by the clock rather than by a number of tries: on a loaded machine one
 * read can take seconds, and a bound in tries then outlasts the test's own timeout, which reports
 * only "timed out" instead of which wait failed and what it last saw.
 */

export interface Eventually {
  /** What is awaited, for the error: "the Personalisation display hit stored". */
  what: string;
  /** Milliseconds before giving up; 30 s unless told. */
  within?: number;
  /** Milliseconds between reads; 200 unless told. */
  every?: number;
}

/**
 * Reads `read` until `done` holds of its value and returns that value; throws, naming `what` and
 * showing the last value read, once `within` has passed.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, options: Eventually): Promise<T> {
  const { within = 30_000, every = 200 } = options;
  const deadline = Date.now() + within;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() + every > deadline) {
      throw new Error(`${options.what}: not within ${within} ms; last read ${describe(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

/**
 * A browser call that has no timeout of its own (Playwright's newContext, addCookies, newPage and
 * close): after `ms` it rejects, naming the call, so a hang fails as that call rather than as the
 * test's own timeout, which names nothing. The call itself is not cancelled.
 */
export function within<T>(ms: number, what: string, call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}
