/**
 * Writes the OpenAPI 3.1 document beside the built server (dist/openapi.json), so that IT teams
 * can read and script the API without a running portal. Run by build.mjs.
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../services/openapi/openapi-document';
import { portalVersion } from '../services/openapi/portal-version';

const target = process.argv[2];
if (!target) throw new Error('usage: write-openapi.ts <file>');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(portalVersion()), null, 2)}\n`);
