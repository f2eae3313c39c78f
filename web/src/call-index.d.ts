/** The call table without its schemas, made at build time by web/call-index-plugin.ts. */
declare module 'virtual:call-index' {
  import type { CallName, HttpMethod } from '@common/contract/index.js';

  export const callIndex: Record<CallName, { method: HttpMethod; path: `/api/${string}`; body: boolean }>;
}

/** What each call's answer shows and what it changes, for the query cache only (it stays out of /login). */
declare module 'virtual:call-data' {
  import type { CallName, DataTag } from '@common/contract/index.js';

  export const callData: Record<CallName, { provides: readonly DataTag[]; invalidates: readonly DataTag[] }>;
}

declare module 'virtual:call-roles' {
  import type { CallName } from '@common/contract/index.js';
  import type { Role } from '@common/roles.js';

  export const callRoles: Record<CallName, readonly Role[]>;
}
