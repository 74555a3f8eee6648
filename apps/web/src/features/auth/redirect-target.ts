import { paths } from '@/config/paths.ts';

/** Only paths of this app are followed, never another site (`//evil.example`) or the login page itself. */
const isSafeInternalPath = (value: string): boolean =>
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.startsWith('/\\') &&
  !value.startsWith(paths.login) &&
  !value.startsWith(paths.register);

function fromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  if (typeof from === 'string') return from;
  if (typeof from !== 'object' || from === null) return undefined;
  const part = (key: string): string => {
    const value: unknown = Reflect.get(from, key);
    return typeof value === 'string' ? value : '';
  };
  return part('pathname') ? `${part('pathname')}${part('search')}${part('hash')}` : undefined;
}

/**
 * Where sign-in sends the user on: the page the protected-route guard remembered in `location.state.from`,
 * else a `?from=` kept across the Google round trip, else home.
 */
export function redirectTarget(state: unknown, fromParam: string | null): string {
  for (const candidate of [fromState(state), fromParam ?? undefined]) {
    if (candidate && isSafeInternalPath(candidate)) return candidate;
  }
  return paths.home;
}
