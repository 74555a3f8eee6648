import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ServerModule, shared } from '../module.ts';
import { AnswerCache, COMPRESSION_THRESHOLD, ON_THE_FLY } from './answer-cache.ts';
import { registerCanonicalPath } from './canonical-path.ts';
import { ChangeWeights, registerChangeLimit } from './change-limit.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStaticSpa } from './static-spa.ts';

/** The web app's build, beside this workspace (`WEB_DIST_DIR` names another). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    /** Helmet's headers, for the answers Fastify gives before any hook runs (app.ts, frameworkErrors). */
    securityHeaders: Record<string, string>;
    /** What each user's changes weigh beyond one per request (an import's rows), for the change limit. */
    changeWeights: ChangeWeights;
    /** The stored ready-to-send answers of product reads (what a change does to them: products/). */
    answers: AnswerCache;
  }
}

/**
 * What every request goes through, on the root in this order: validation and serialization, the
 * error handler, the input guard, the security headers, the canonical path (first of the hooks
 * that look at the request), the per-user change limit, compression; and the store of answers.
 */
export const httpModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const answers = new AnswerCache({ ...config.readCache, isComplete: () => app.changeFeed.live });
    app.addHook('onClose', async () => answers.close());
    app.changeFeed.onInterruption(() => answers.invalidate());
    app.decorate('answers', answers);

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ checkEachResponse: !config.isProduction }));
    registerErrorHandler(app);
    registerInputGuard(app);
    app.decorate('securityHeaders', await registerSecurityHeaders(app, config.isProduction));
    // First of the hooks that look at the request: nothing below sees a non-canonical path.
    registerCanonicalPath(app);
    const changeWeights = new ChangeWeights();
    await registerChangeLimit(app, config.writeRateLimitPerMinute, changeWeights);
    app.decorate('changeWeights', changeWeights);
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY.brotliQuality } },
      zlibOptions: { level: ON_THE_FLY.gzipLevel },
    });
  }),
};

/** The built web app, for every path outside `/api` (and the JSON 404 inside it). */
export const webModule: ServerModule = {
  site: shared(async (app, { config }) => {
    await registerStaticSpa(app, config.webDistDir ?? DEFAULT_WEB_DIST);
  }),
};
