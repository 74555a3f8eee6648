/** The API's error body, a module of its own so that api-client.ts loads it (and zod) with the first failure. */
export { apiErrorSchema } from '@walton/contract';
