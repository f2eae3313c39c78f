import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { callData } from 'virtual:call-data';
import type { CallName, Contract } from '@common/contract/index.js';
import { makesStale } from '@common/data-tags.js';
import { api, type Args } from './api-client.js';

/**
 * The query cache's side of the contract (docs/decisions.md, 'The contract drives the data layer'): an
 * answer is cached under `[callName, input]` (`[callName]` for a call without input), so the same question shares
 * one entry wherever it is asked, and a change makes stale exactly the cached answers whose call `provides` a kind
 * of data the change `invalidates`. No screen names a key or a list of keys to invalidate.
 */
export function callKey<N extends CallName>(name: N, ...[input]: Args<Contract[N]>): readonly [N] | readonly [N, unknown] {
  return input === undefined ? [name] : [name, input];
}

/**
 * The query options of a call as asked: its key and its fetcher. A call's options are made in one place, the
 * `…Query` function of its feature's `api/` folder (or lib/ when several features show the answer), which may add
 * what that call needs (a stale time, a refetch interval) and pick from the answer with `select`.
 */
export function callQuery<N extends CallName>(name: N, ...args: Args<Contract[N]>) {
  return queryOptions({ queryKey: callKey(name, ...args) as QueryKey, queryFn: () => api.call(name, ...args) });
}

/** The call a cached answer belongs to. */
const callOf = (queryKey: QueryKey): CallName | undefined => {
  const name = queryKey[0];
  return typeof name === 'string' && name in callData ? (name as CallName) : undefined;
};

/** After a change, the cached answers that show what it changed are stale; the shown ones are fetched again. */
export function invalidateAfter(queryClient: QueryClient, changeName: CallName): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const name = callOf(queryKey);
      return name !== undefined && makesStale(callData[changeName], callData[name]);
    },
  });
}
