import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { paymentKeys, subscriptionQueriesKey } from './keys.js';

export function importBankStatements(files: File[], onProgress: (sent: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload('importBankStatements', form, onProgress);
}

export function useImportBankStatements(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => importBankStatements(files, onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueriesKey }),
      ]),
  });
}
