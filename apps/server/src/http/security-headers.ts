import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet with a Content-Security-Policy the built SPA passes: scripts only from our origin (no
 * inline scripts), inline style attributes allowed for React-Bootstrap's positioning, product
 * pictures from any http(s) host (suppliers may link them), never framed.
 */
export async function registerSecurityHeaders(app: FastifyInstance, isProduction: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The legacy twin of frame-ancestors 'none', for browsers that ignore CSP.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

/** The headers helmet sets, by name (helmet 8 with the options above). */
const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The security headers as helmet sends them, read from one answer of the ready app. Fastify answers
 * some malformed requests (a URL that is not valid percent-encoding) before any hook runs, so those
 * answers get these copied in (see app.ts, frameworkErrors).
 */
export async function securityHeadersOf(app: FastifyInstance): Promise<Record<string, string>> {
  const probe = await app.inject({ method: 'GET', url: '/api/health' });
  const headers: Record<string, string> = {};
  for (const name of SECURITY_HEADER_NAMES) {
    const value = probe.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
