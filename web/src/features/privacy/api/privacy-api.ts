import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyKeys } from '../../../components/FamilySearch.js';
import { api } from '../../../lib/api-client.js';

/** anonymiseYears: a dry run (counts only) or the final run. */
export function useAnonymiseYears() {
  return useMutation({ mutationFn: (input: { olderThanYears: number; dryRun: boolean }) => api.call('anonymiseYears', input) });
}

/** eraseFamily: afterwards no search finds the family any more, and every list that showed it is stale. */
export function useEraseFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentId: number) => api.call('eraseFamily', { parentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
