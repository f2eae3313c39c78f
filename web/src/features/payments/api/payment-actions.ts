import { useMutation } from '@tanstack/react-query';
import type { AssignPaymentPayload, IgnorePaymentPayload } from '@common/schemas/bank.js';
import { api } from '../../../lib/api-client.js';

/** Staff's actions on credits and imports; what each makes stale (the queue, the imports, the subscriptions) the contract says. */

export const assignPayment = (payload: AssignPaymentPayload) => api.call('assignPayment', payload);
export const ignorePayment = (payload: IgnorePaymentPayload) => api.call('ignorePayment', payload);
export const requeuePayment = (paymentId: number) => api.call('requeuePayment', { paymentId });
export const undoBankImport = (importId: number) => api.call('undoBankImport', { importId });

export const useAssignPayment = () => useMutation({ mutationFn: assignPayment });
export const useIgnorePayment = () => useMutation({ mutationFn: ignorePayment });
export const useRequeuePayment = () => useMutation({ mutationFn: requeuePayment });
export const useUndoBankImport = () => useMutation({ mutationFn: undoBankImport });
