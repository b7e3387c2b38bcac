import { requestJson } from '../core/request-json';

/**
 * One request to the identity service with the visitor's cookies for its host (docs/IDENTITY.md):
 * a GET, or a POST of `body` as JSON (text/plain, so the browser asks no preflight). Resolves the
 * JSON object it answers, or undefined on any failure, a non-2xx answer or after `timeout` ms.
 * Never rejects.
 */
export function askService(url: string, timeout: number, body?: unknown): Promise<Record<string, unknown> | undefined> {
  return requestJson(url, body ? JSON.stringify(body) : undefined, true, timeout).then(
    ([status, answer]) => (status > 199 && status < 300 && answer && typeof answer == 'object' ? (answer as Record<string, unknown>) : undefined),
    () => undefined,
  );
}
