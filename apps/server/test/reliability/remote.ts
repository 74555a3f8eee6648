import { randomBytes } from 'node:crypto';
import type { CreateProductInput } from '@walton/contract';
import { testClientIp } from '../support/auth-helpers.ts';
import type { Figures } from './soak.ts';

/** A complete answer from a server: status, headers and the whole body. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: <T = unknown>() => T;
}

/** Calls a server over real HTTP (fetch), counting each request in `figures`. */
export class Remote {
  readonly baseUrl: string;
  readonly #figures: Figures | undefined;

  constructor(baseUrl: string, figures?: Figures) {
    this.baseUrl = baseUrl;
    this.#figures = figures;
  }

  /** Throws only when no complete answer arrived (connection refused or reset, body cut short). */
  async call(
    method: string,
    path: string,
    options: {
      headers?: Record<string, string>;
      body?: unknown;
      redirect?: 'follow' | 'manual' | 'error';
    } = {},
  ): Promise<Answer> {
    this.#figures?.add('requests');
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: options.redirect ?? 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }
}

/** A signed-in user of a remote server with the spec's access token. */
export interface RemoteClerk {
  email: string;
  password: string;
  name: string;
  userId: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  token: string;
  /** Headers of a signed-in change (the session cookie). */
  session: Record<string, string>;
  /** Headers of POST /api/productOrder (session plus `authorization: {email} {token}`). */
  withToken: Record<string, string>;
}

/** `name=value` pairs of the cookies a response sets. */
export function cookiesOf(answer: Pick<Answer, 'headers'>): string {
  return answer.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/** Registers a fresh account on a remote server and gets its access token. */
export async function signUpRemote(
  remote: Remote,
  options: { name?: string; email?: string; password?: string; ip?: string } = {},
): Promise<RemoteClerk> {
  const email = options.email ?? `clerk-${randomBytes(6).toString('hex')}@example.com`;
  const password = options.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const name = options.name ?? 'Remote Clerk';
  const signedUp = await remote.call('POST', '/api/auth/sign-up/email', {
    headers: { 'x-forwarded-for': options.ip ?? testClientIp() },
    body: { name, email, password },
  });
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status} ${signedUp.text}`);
  const cookie = cookiesOf(signedUp);
  const login = await remote.call('POST', '/api/login', { headers: { cookie }, body: { email } });
  if (login.status !== 200) throw new Error(`POST /api/login failed: ${login.status} ${login.text}`);
  const token = login.json<{ accessToken: string }>().accessToken;
  return {
    email,
    password,
    name,
    userId: signedUp.json<{ user: { id: string } }>().user.id,
    cookie,
    token,
    session: { cookie },
    withToken: { cookie, authorization: `${email} ${token}` },
  };
}

export function productFor(email: string, overrides: Partial<CreateProductInput> = {}): CreateProductInput {
  return {
    name: `Walton WSN-${randomBytes(3).toString('hex').toUpperCase()} 1.5 Ton AC`,
    img: '/images/products/split-inverter-white.svg',
    price: 61_500,
    quentity: 20,
    description: 'Reliability test item.',
    suplerName: 'Remote Clerk',
    email,
    ...overrides,
  };
}
