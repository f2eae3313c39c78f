import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** anonymiseYears: a dry run (counts only) or the final run. */
export function useAnonymiseYears() {
  return useMutation({ mutationFn: (input: { olderThanYears: number; dryRun: boolean }) => api.call('anonymiseYears', input) });
}

export function useEraseFamily() {
  return useMutation({ mutationFn: (parentId: number) => api.call('eraseFamily', { parentId }) });
}
