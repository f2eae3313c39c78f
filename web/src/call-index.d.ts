/** The call table without its schemas, made at build time by web/call-index-plugin.ts. */
declare module 'virtual:call-index' {
  import type { CallName, DataTag, HttpMethod } from '@common/contract/index.js';

  export const callIndex: Record<
    CallName,
    { method: HttpMethod; path: `/api/${string}`; body: boolean; provides: readonly DataTag[]; invalidates: readonly DataTag[] }
  >;
}

declare module 'virtual:call-roles' {
  import type { CallName } from '@common/contract/index.js';
  import type { Role } from '@common/roles.js';

  export const callRoles: Record<CallName, readonly Role[]>;
}
