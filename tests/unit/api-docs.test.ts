import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOCS_FILE, apiReference, openApiDocument } from '../../scripts/api-docs.js';

describe('docs/api.md', () => {
  it('is what `npm run docs:api` writes from the OpenAPI document now (run it after changing a call)', async () => {
    const written = readFileSync(API_DOCS_FILE, 'utf8');
    const now = apiReference(await openApiDocument());
    expect(written === now, 'docs/api.md is out of date: run `npm run docs:api` and commit docs/api.md').toBe(true);
  });
});
