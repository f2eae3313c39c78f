/** The call table without its schemas, made at build time by web/call-index-plugin.ts. */
declare module 'virtual:call-index' {
  import type { CallName, HttpMethod } from '@common/contract/index.js';
  import type { Role } from '@common/roles.js';

  export const callIndex: Record<CallName, { method: HttpMethod; path: `/api/${string}`; body: boolean; roles: readonly Role[] }>;
}
