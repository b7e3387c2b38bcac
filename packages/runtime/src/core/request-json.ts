/**
 * A request whose answer is JSON, made with XMLHttpRequest so that its answer is read in one task, the load
 * event's. `fetch` takes two more trips through the page's task queue for it (its headers, then its body),
 * and while the page loads each of them waits behind the parser: on a first visit at 4x CPU throttling the
 * identity service's answer was read about 90 ms later through `fetch` (docs/PERFORMANCE.md, "Answers read
 * in one task"). A string body goes as text/plain, so a cross-origin request needs no preflight.
 *
 * Resolves `[status, answer]`, `answer` undefined where the body is not JSON; rejects on a network failure,
 * and after `timeout` ms, when the request is abandoned.
 */
export function requestJson(url: string, body: string | undefined, credentials: boolean, timeout: number): Promise<[status: number, answer: unknown]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(body ? 'POST' : 'GET', url);
    xhr.withCredentials = credentials;
    xhr.onload = () => {
      clearTimeout(timer);
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: no answer.
      }
      resolve([xhr.status, answer]);
    };
    xhr.onerror = () => {
      clearTimeout(timer);
      reject(new Error('network error'));
    };
    xhr.send(body || null);
    const timer = setTimeout(() => {
      xhr.abort();
      reject(new Error('no answer in ' + timeout + ' ms'));
    }, timeout);
  });
}
