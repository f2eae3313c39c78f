import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** anonymiseYears: a dry run (counts only) or the final run. */
export function useAnonymiseYears() {
  return useMutation({ mutationFn: (input: { olderThanYears: number; dryRun: boolean }) => api.call('anonymiseYears', input) });
}

/** eraseFamily: afterwards no search finds the family any more; every list that showed it is stale (the contract says). */
export function useEraseFamily() {
  return useMutation({ mutationFn: (parentId: number) => api.call('eraseFamily', { parentId }) });
}
