import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/api.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: 'none' });
  });
  afterAll(async () => t?.close());

  it('is served without a token and lists every API route with its method', async () => {
    const answer = await t.call('GET', '/api/openapi.json', undefined, null);
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json');
    for (const route of routes) {
      expect(document.paths[route.url], route.url).toBeDefined();
      expect(document.paths[route.url]![route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const login = document.paths['/api/login']!.post as { requestBody?: { content: Record<string, { schema: { properties: object } }> } };
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties)).toEqual(['username', 'password']);
  });

  it('documents each route under a tag with the query parameters and body it validates', async () => {
    type Operation = { tags?: string[]; parameters?: { name: string; in: string }[]; requestBody?: unknown };
    const document = (await t.call('GET', '/api/openapi.json', undefined, null)).body as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const queryNames = (path: string) => document.paths[path]!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(queryNames('/api/getTaxonomy')).toEqual(['type', 'year', 'themeId']);
    expect(queryNames('/api/getCamps')).toEqual(['campYear', 'campId']);
    expect(queryNames('/api/getCampSummary')).toEqual(['campId']);
    expect(queryNames('/api/generateVoucher')).toEqual(['campId', 'type']);
    expect(document.paths['/api/crudCamp']!.post!.requestBody).toBeDefined();
    expect(document.paths['/api/crudTheme']!.post!.requestBody).toBeDefined();
  });
});
