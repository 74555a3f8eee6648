import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet with a Content-Security-Policy the built SPA passes: scripts only from our origin (no
 * inline scripts), inline style attributes allowed for React-Bootstrap's positioning, product
 * pictures from any http(s) host (suppliers may link them), never framed.
 */
function helmetOptions(isProduction: boolean): HelmetOptions {
  return {
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
  };
}

const asText = (headers: OutgoingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

/** The headers helmet sets with our options, computed once: they are the same for every answer. */
function helmetHeaders(isProduction: boolean): Promise<Record<string, string>> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  return new Promise((resolve, reject) => {
    helmet(helmetOptions(isProduction))(request, response, (error?: unknown) => {
      if (error) reject(error);
      else resolve(asText(response.getHeaders()));
    });
  });
}

/**
 * Sends helmet's security headers with every answer. @fastify/helmet would rebuild helmet's
 * middleware for every request (an eighth of the server's time on a cached read); the headers do not
 * depend on the request, so they are computed once. Returns them for the answers Fastify gives before
 * any hook runs (see app.ts, frameworkErrors).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  isProduction: boolean,
): Promise<Record<string, string>> {
  const headers = await helmetHeaders(isProduction);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
