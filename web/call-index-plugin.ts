import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as ContractModule from '../common/src/contract/index.js';

const moduleId = 'virtual:call-index';
const resolvedId = `\0${moduleId}`;
const contractDir = fileURLToPath(new URL('../common/src/contract/', import.meta.url));

/**
 * `virtual:call-index`: what the web's API client needs of each call of the table (method, path, whether it
 * takes a body, the roles that may use it), read from common/src/contract/ when the app is built. The table's
 * zod schemas stay out of the browser's entry: the server validates every input and answer, and the screens
 * that check a form bring their own schemas with their lazy chunk. The table stays the one source.
 */
export function callIndexPlugin(): Plugin {
  return {
    name: 'kampbeheer-call-index',
    resolveId: (source) => (source === moduleId ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      for (const file of readdirSync(contractDir)) this.addWatchFile(`${contractDir}${file}`);
      const { module } = await runnerImport<typeof ContractModule>(`${contractDir}index.ts`, {
        configFile: false,
        logLevel: 'warn',
      });
      const index = Object.fromEntries(
        Object.entries(module.contract).map(([name, call]) => [
          name,
          { method: call.method, path: call.path, body: call.body !== undefined, roles: module.rolesOf(call) },
        ]),
      );
      return `export const callIndex = ${JSON.stringify(index)};`;
    },
  };
}
