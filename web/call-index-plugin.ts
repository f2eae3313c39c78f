import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as ContractModule from '../common/src/contract/index.js';

/**
 * The calls' method, path and whether they send a body (every screen, /login too); what they provide and invalidate
 * (the query cache, which loads with the first signed-in screen); the roles that may use each (few screens).
 */
const modules = { 'virtual:call-index': 'callIndex', 'virtual:call-data': 'callData', 'virtual:call-roles': 'callRoles' } as const;
type ModuleId = keyof typeof modules;
const isModuleId = (id: string): id is ModuleId => id in modules;
const contractDir = fileURLToPath(new URL('../common/src/contract/', import.meta.url));

/**
 * `virtual:call-index`: what the web's API client needs of each call of the table (method, path, whether it takes a
 * body), `virtual:call-data`: what the query cache needs (the data its answer shows and the data it changes), and
 * `virtual:call-roles`: the roles that may use it (useMayCall), read from
 * common/src/contract/ when the app is built. The table's
 * zod schemas stay out of the browser's entry: the server validates every input and answer, and the screens
 * that check a form bring their own schemas with their lazy chunk. The table stays the one source.
 */
export function callIndexPlugin(): Plugin {
  return {
    name: 'kampbeheer-call-index',
    resolveId: (source) => (isModuleId(source) ? `\0${source}` : undefined),
    async load(id) {
      const source = id.slice(1);
      if (!id.startsWith('\0') || !isModuleId(source)) return undefined;
      for (const file of readdirSync(contractDir)) this.addWatchFile(`${contractDir}${file}`);
      const { module } = await runnerImport<typeof ContractModule>(`${contractDir}index.ts`, {
        configFile: false,
        logLevel: 'warn',
      });
      // The staff app calls no call of the public booking site (/api/public/): those stay out of its bundle.
      const calls = Object.entries(module.contract).filter(([, call]) => !call.path.startsWith('/api/public/'));
      const entryOf = {
        'virtual:call-index': (call: ContractModule.Call) => ({ method: call.method, path: call.path, body: call.body !== undefined }),
        'virtual:call-data': (call: ContractModule.Call) => ({ provides: call.provides ?? [], invalidates: call.invalidates ?? [] }),
        'virtual:call-roles': (call: ContractModule.Call) => module.rolesOf(call),
      }[source];
      const table = calls.map(([name, call]) => [name, entryOf(call)]);
      return `export const ${modules[source]} = ${JSON.stringify(Object.fromEntries(table))};`;
    },
  };
}
