/**
 * `npm run openapi:types`: writes the SPA's types of the API (apps/web/src/lib/api-schema.d.ts) from
 * the OpenAPI document the server serves. npm test fails while the committed file differs.
 */
import { writeFileSync } from 'node:fs';
import { API_SCHEMA_FILE, apiSchemaTypes, servedDocument } from '../apps/server/test/support/api-schema.ts';

writeFileSync(API_SCHEMA_FILE, await apiSchemaTypes(await servedDocument()));
console.log(`wrote ${API_SCHEMA_FILE}`);
