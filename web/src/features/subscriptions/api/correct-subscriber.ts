import type { CorrectSubscriberInput } from '@common/schemas/registration.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

/** 'Gegevens corrigeren' (issue 39, a beheerder): the child's gender, birth date and national number; answers the detail. */
export function useCorrectSubscriber() {
  return useSubscriptionDetailMutation((input: CorrectSubscriberInput) => api.call('correctSubscriber', input));
}
