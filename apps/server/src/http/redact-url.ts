/** Query parameters that carry one-time secrets: email-link tokens, OAuth codes and states. */
const SECRET_PARAMETERS = new Set(['token', 'code', 'state']);
/** Paths whose last segment is a one-time secret (the password-reset link). */
const SECRET_SEGMENT = /^(\/api\/auth\/reset-password\/)[^/?#]+/;
const REDACTED = '[redacted]';

function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL fit for a log line: one-time tokens from emailed links and OAuth callbacks replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return safePath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) =>
      SECRET_PARAMETERS.has(parameterName(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair,
    )
    .join('&');
  return `${safePath}?${query}`;
}
