/** The harness's own HTTP client of our server: JSON calls with a session it signs up for. */
export class Client {
  readonly origin: string;
  cookie = '';

  constructor(origin: string) {
    this.origin = origin;
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    return fetch(`${this.origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        origin: this.origin,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<{ response: Response; body: T }> {
    const response = await this.call(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { response, body: JSON.parse(text) as T };
  }

  /** Signs a new user up and keeps the session cookie the answer sets (Secure in production). */
  async signUp(email: string): Promise<void> {
    const { response } = await this.json('POST', '/api/auth/sign-up/email', {
      name: 'Benchmark Clerk',
      email,
      password: 'bench-password-1234',
    });
    const cookies = response.headers.getSetCookie().map((header) => header.split(';', 1)[0] ?? '');
    if (!cookies.some((cookie) => cookie.includes('session_token='))) {
      throw new Error('sign-up set no session cookie');
    }
    this.cookie = cookies.join('; ');
  }

  /** The headers a signed-in browser sends with a change: the session cookie and its origin. */
  writeHeaders(readHeaders: Record<string, string>): Record<string, string> {
    return { ...readHeaders, cookie: this.cookie, origin: this.origin };
  }
}
