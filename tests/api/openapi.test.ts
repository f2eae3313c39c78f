import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, rolesOf, statusOfCode } from '@common/contract/index.js';
import { roles } from '@common/roles.js';
import { openApiDocument } from '../../scripts/api-docs.js';
import { startTestApp, type TestApp } from '../helpers/api.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: 'none' });
  });
  afterAll(async () => t?.close());
  // Raw: the OpenAPI document is no call of the table.
  const openApi = () => t.call('GET', '/api/openapi.json', undefined, null);

  it('is served without a token and lists every call of the table with its method', async () => {
    const answer = await openApi();
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    for (const route of Object.values(contract)) {
      expect(document.paths[route.path], route.path).toBeDefined();
      expect(document.paths[route.path]![route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    const login = document.paths['/api/login']!.post as { requestBody?: { content: Record<string, { schema: { properties: object } }> } };
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties)).toEqual(['username', 'password']);
  });

  it("is the document docs/api.md is written from (npm run docs:api), with each call's roles", async () => {
    const served = (await openApi()).body as unknown as Awaited<ReturnType<typeof openApiDocument>>;
    expect(served.paths).toEqual((await openApiDocument()).paths);
    expect(served.paths['/api/getUsers']!.get!.description).toBe('Roles: beheerder.');
    expect(served.paths['/api/login']!.post!.description).toBe('No sign-in needed.');
    const declared = (served.paths['/api/updateSubscription']!.post as unknown as { 'x-refusal-codes': string[] })['x-refusal-codes'];
    expect(declared).toContain('VERSION_CONFLICT');
  });

  it('documents each route under a tag with the query parameters and body it validates', async () => {
    type Operation = { tags?: string[]; parameters?: { name: string; in: string }[]; requestBody?: unknown };
    const document = (await openApi()).body as unknown as {
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

  it('documents the answer of every call: { data } on 200 and the error shape on each refusal it can give', async () => {
    type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };
    type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
    const document = (await openApi()).body as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    const schemaOf = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
    for (const [name, c] of Object.entries(contract)) {
      const operation = document.paths[c.path]![c.method.toLowerCase()]!;
      expect(operation.operationId).toBe(name);
      if (c.files) expect(Object.keys(operation.responses['200']!.content!).length, `${name} 200`).toBe(c.files.length);
      else expect(schemaOf(operation, '200')?.required, `${name} 200`).toEqual(['data']);
      // A family's call takes no staff session at all, so it refuses no role: 401 only.
      const refusesARole = !c.family && rolesOf(c).length < roles.length;
      // A signed-in mutation may answer 409 to an Idempotency-Key reused for another request.
      const idempotent = c.method !== 'GET' && !c.public ? ['409'] : [];
      const statuses = [
        '400',
        ...(c.public ? [] : ['401']),
        ...(refusesARole ? ['403'] : []),
        ...(c.body ? ['413'] : []),
        ...idempotent,
        ...(c.refusals ?? []).map((code) => String(statusOfCode[code])),
        '500',
        '503',
      ];
      expect(Object.keys(operation.responses).sort(), name).toEqual([...new Set(['200', ...statuses])].sort());
      for (const status of statuses) {
        const error = schemaOf(operation, status)?.properties?.error;
        expect(error?.required, `${name} ${status}`).toEqual(['code', 'message']);
      }
    }
    const detail = schemaOf(document.paths['/api/getSubscriptionFullDetail']!.get!, '200')!.properties!.data as { items: Schema };
    expect(detail.items.properties).toHaveProperty('SUBSCRIBER_PARENT_EMAIL');
    expect(document.paths['/api/getSubscriptionFullDetail']!.get!.responses).toHaveProperty('404');
    expect(document.paths['/api/login']!.post!.responses).toHaveProperty('429');
    expect(Object.keys(document.paths['/api/exportMonitors']!.get!.responses['200']!.content!)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv; charset=utf-8',
    ]);
  });
});
