import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function importBankStatements(files: File[], onProgress: (sent: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload('importBankStatements', form, onProgress);
}

/** What an import makes stale (the payments, the subscriptions it booked on) the contract says. */
export function useImportBankStatements(onProgress: (sent: number) => void) {
  return useMutation({ mutationFn: (files: File[]) => importBankStatements(files, onProgress) });
}
