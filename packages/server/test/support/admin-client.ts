/** A small admin API client over real HTTP that keeps its session cookie and CSRF token, as a browser would. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export class AdminClient {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(readonly base: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(this.cookie && { cookie: this.cookie }),
        ...(this.csrf && method !== 'GET' && { 'x-csrf-token': this.csrf }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('tw_session=')) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value === 'tw_session=' ? undefined : value;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  async signIn(username: string, password: string): Promise<Answer<{ user: { role: string }; csrfToken: string }>> {
    const answer = await this.call<{ user: { role: string }; csrfToken: string }>('POST', '/api/admin/session', { username, password });
    if (answer.status === 200) this.csrf = answer.body.csrfToken;
    return answer;
  }

  get = <T = Record<string, unknown>>(path: string) => this.call<T>('GET', path);
  post = <T = Record<string, unknown>>(path: string, body: unknown, headers?: Record<string, string>) => this.call<T>('POST', path, body, headers);
}
