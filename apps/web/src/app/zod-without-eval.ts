import { config } from 'zod/mini';

// Zod compiles fast object parsers with `new Function` and probes for it when a schema is created.
// Our Content-Security-Policy (script-src 'self') forbids eval, so each probe was a CSP violation
// report in the console. Jitless parsing never probes. This module must run before any schema
// is built, so main.tsx imports it first.
config({ jitless: true });
