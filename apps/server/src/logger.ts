import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { redactUrl } from './http/redact-url.ts';

/** Structured JSON logs; pretty-printed while developing. Secrets never reach a log line. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request serializer, with the one-time tokens of emailed links taken out of the URL.
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(config.env === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
