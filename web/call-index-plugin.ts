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

/** A call's code is one character from here on: the index of its value among the distinct values of its table. */
const firstCode = 48; // '0'
const lastCode = 122; // 'z'

/**
 * A table of one value per call, written compactly: the distinct values once, and per call (in the order of the
 * names) one character naming its value. Most calls share a handful of values, so a new call costs one character.
 */
function coded(values: unknown[]): { distinct: unknown[]; codes: string } {
  const keys = values.map((value) => JSON.stringify(value));
  const distinctKeys = [...new Set(keys)];
  if (firstCode + distinctKeys.length - 1 > lastCode)
    throw new Error(`call-index-plugin: ${distinctKeys.length} distinct values, too many for one character each`);
  return {
    distinct: distinctKeys.map((key) => JSON.parse(key) as unknown),
    codes: keys.map((key) => String.fromCharCode(firstCode + distinctKeys.indexOf(key))).join(''),
  };
}

/** The module of a table whose values are named by `codes`, one per name of `names` (an expression), in order. */
function positionalModule(exportName: string, names: string, values: unknown[], prelude = ''): string {
  const { distinct, codes } = coded(values);
  return `${prelude}const values = ${JSON.stringify(distinct)};
const codes = ${JSON.stringify(codes)};
export const ${exportName} = {};
${names}.forEach((name, i) => { ${exportName}[name] = values[codes.charCodeAt(i) - ${firstCode}]; });
`;
}

/**
 * `virtual:call-index`: what the web's API client needs of each call of the table (method, path, whether it takes a
 * body), `virtual:call-data`: what the query cache needs (the data its answer shows and the data it changes), and
 * `virtual:call-roles`: the roles that may use it (useMayCall), read from common/src/contract/ when the app is built.
 * The table's zod schemas stay out of the browser's entry: the server validates every input and answer, and the
 * screens that check a form bring their own schemas with their lazy chunk. The table stays the one source.
 *
 * The index loads on every screen, /login too, so it is compact (a new call costs /login its name and one character):
 * the names once, method and body as a one-character code, and only the paths that are not `/api/<name>`. The other
 * two tables follow the order of the index's names and carry no names of their own.
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
      return callTableModule(source, module);
    },
  };
}

/** The source of one of the three modules, from the contract module. */
export function callTableModule(source: ModuleId, module: Pick<typeof ContractModule, 'contract' | 'rolesOf'>): string {
  // The staff app calls no call of the public booking site (/api/public/): those stay out of its bundle.
  const calls = Object.entries(module.contract).filter(([, call]) => !call.path.startsWith('/api/public/'));
  const fromIndex = `import { callIndex } from 'virtual:call-index';\n`;
  switch (source) {
    case 'virtual:call-index': {
      for (const [name] of calls) if (!/^\w+$/.test(name)) throw new Error(`call-index-plugin: call name ${name} is not a word`);
      const paths = Object.fromEntries(
        calls.filter(([name, call]) => call.path !== `/api/${name}`).map(([name, call]) => [name, call.path]),
      );
      const { distinct, codes } = coded(calls.map(([, call]) => [call.method, call.body !== undefined]));
      return `const kinds = ${JSON.stringify(distinct)};
const codes = ${JSON.stringify(codes)};
const paths = ${JSON.stringify(paths)};
export const callIndex = {};
${JSON.stringify(calls.map(([name]) => name).join(' '))}.split(' ').forEach((name, i) => {
  const [method, body] = kinds[codes.charCodeAt(i) - ${firstCode}];
  callIndex[name] = { method, path: paths[name] ?? '/api/' + name, body };
});
`;
    }
    case 'virtual:call-data':
      return positionalModule(
        'callData',
        'Object.keys(callIndex)',
        calls.map(([, call]) => ({ provides: call.provides ?? [], invalidates: call.invalidates ?? [] })),
        fromIndex,
      );
    case 'virtual:call-roles':
      return positionalModule(
        'callRoles',
        'Object.keys(callIndex)',
        calls.map(([, call]) => module.rolesOf(call)),
        fromIndex,
      );
  }
}
