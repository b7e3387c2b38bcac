/**
 * One request to the identity service with the visitor's cookies for its host (docs/IDENTITY.md):
 * a GET, or a POST of `body` as JSON (text/plain, so the browser asks no preflight). Resolves the
 * JSON object it answers, or undefined on any failure, a non-2xx answer or after `timeout` ms.
 * Never rejects.
 */
export function askService(url: string, timeout: number, body?: unknown): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve) => {
    let controller: AbortController | undefined;
    try {
      controller = new AbortController();
    } catch {
      // Without AbortController the request runs on; the answer is simply not waited for.
    }
    const timer = setTimeout(() => {
      resolve(undefined);
      if (controller) controller.abort();
    }, timeout);
    const done = (answer: unknown) => {
      clearTimeout(timer);
      resolve(answer && typeof answer == 'object' ? (answer as Record<string, unknown>) : undefined);
    };
    try {
      fetch(url, {
        method: body ? 'POST' : 'GET',
        credentials: 'include',
        cache: 'no-store',
        signal: controller && controller.signal,
        body: body ? JSON.stringify(body) : undefined,
      })
        .then((response) => (response.ok ? response.json() : undefined))
        .then(done, () => done(undefined));
    } catch {
      done(undefined);
    }
  });
}
