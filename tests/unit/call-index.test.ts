import { describe, expect, it } from 'vitest';
import * as contractModule from '@common/contract/index.js';
import { callTableModule } from '../../web/call-index-plugin.js';

const { contract, rolesOf } = contractModule;
const staffCalls = Object.entries(contract).filter(([, call]) => !call.path.startsWith('/api/public/'));

/** Runs a module the plugin writes, as the bundle does; `callIndex` stands for its import of virtual:call-index. */
function run(source: string, exportName: string, callIndex?: unknown): Record<string, unknown> {
  const body = source
    .replace(/^import \{ callIndex \} from 'virtual:call-index';\n/, 'const callIndex = importedIndex;\n')
    .replace(/^export const /m, 'const ');
  expect(body, 'only the one import and export').not.toMatch(/\bimport\b|\bexport\b/);
  return new Function('importedIndex', `${body}\nreturn ${exportName};`)(callIndex) as Record<string, unknown>;
}

const callIndex = run(callTableModule('virtual:call-index', contractModule), 'callIndex');

describe('the web’s compact call tables (web/call-index-plugin.ts) say what the contract says', () => {
  it('virtual:call-index: method, path and body of every staff call, in the contract’s order, and no public call', () => {
    expect(callIndex).toEqual(
      Object.fromEntries(staffCalls.map(([name, call]) => [name, { method: call.method, path: call.path, body: call.body !== undefined }])),
    );
    expect(Object.keys(callIndex)).toEqual(staffCalls.map(([name]) => name));
    expect(Object.keys(callIndex).length).toBeGreaterThan(100);
  });

  it('a path that is not /api/<name> and any method with or without a body come out as declared', () => {
    const odd = {
      health: contract.health,
      oddPath: { ...contract.login, path: '/api/somewhere/else' },
      deleteWithout: { ...contract.health, method: 'DELETE', path: '/api/deleteWithout', body: undefined },
      publicOne: { ...contract.health, path: '/api/public/camps' },
    };
    const index = run(callTableModule('virtual:call-index', { contract: odd as never, rolesOf }), 'callIndex');
    expect(index).toEqual({
      health: { method: 'GET', path: '/api/health', body: false },
      oddPath: { method: 'POST', path: '/api/somewhere/else', body: true },
      deleteWithout: { method: 'DELETE', path: '/api/deleteWithout', body: false },
    });
  });

  it('virtual:call-data: what each staff call provides and invalidates', () => {
    expect(run(callTableModule('virtual:call-data', contractModule), 'callData', callIndex)).toEqual(
      Object.fromEntries(staffCalls.map(([name, call]) => [name, { provides: call.provides ?? [], invalidates: call.invalidates ?? [] }])),
    );
  });

  it('virtual:call-roles: the roles that may use each staff call', () => {
    expect(run(callTableModule('virtual:call-roles', contractModule), 'callRoles', callIndex)).toEqual(
      Object.fromEntries(staffCalls.map(([name, call]) => [name, rolesOf(call)])),
    );
  });

  it('a new call costs the index its name and a character, not another copy of its method and path', () => {
    const source = callTableModule('virtual:call-index', contractModule);
    expect(source).not.toContain('/api/getSubscriptions');
    expect(source.match(/getSubscriptions\b/g)).toHaveLength(1);
  });
});
