import { config } from 'zod/v4/mini';

// Zod compiles fast object parsers with `new Function` and probes for it when a schema is created.
// Our Content-Security-Policy (script-src 'self') forbids eval, so each probe was a CSP violation
// report in the console. Jitless parsing never probes. The web build resolves every `zod/mini`
// import to this module (vite.config.ts), so this runs before any schema is built, in whichever
// lazily loaded chunk brings zod first (the landing page carries none).
config({ jitless: true });

export * from 'zod/v4/mini';
