import { useMutation } from '@tanstack/react-query';
import type { SendPaymentRemindersResult } from '@common/schemas/reminders.js';
import { api, ApiError } from '../../../lib/api-client.js';

/** Reminders go out in batches, so a long selection shows how far it got. */
const BATCH_SIZE = 20;

/** What a run of 'Herinnering versturen' did; when a batch failed, why, and how many were not tried. */
export interface ReminderRun extends SendPaymentRemindersResult {
  stoppedBy: string | null;
  notTried: number;
}

/**
 * 'Herinnering versturen' for the chosen subscriptions, batch by batch; `onProgress` gets the share done
 * (0 to 1). The server decides per subscription whether it may get one now, and answers why it skipped
 * the others. A failing batch stops the run, which still reports what the batches before it sent.
 */
export async function sendPaymentReminders(subscriptionIds: number[], onProgress: (done: number) => void): Promise<ReminderRun> {
  const result: ReminderRun = { sent: [], skipped: [], stoppedBy: null, notTried: 0 };
  for (let start = 0; start < subscriptionIds.length; start += BATCH_SIZE) {
    try {
      const answer = await api.call('sendPaymentReminders', { subscriptionIds: subscriptionIds.slice(start, start + BATCH_SIZE) });
      result.sent.push(...answer.sent);
      result.skipped.push(...answer.skipped);
    } catch (error) {
      result.stoppedBy = error instanceof ApiError ? error.message : 'Versturen mislukt, probeer opnieuw.';
      result.notTried = subscriptionIds.length - start;
      return result;
    }
    onProgress(Math.min(1, (start + BATCH_SIZE) / subscriptionIds.length));
  }
  return result;
}

/** Each batch makes stale what the contract says, also when a later one fails: the batches before it did send. */
export function useSendPaymentReminders(onProgress: (done: number) => void) {
  return useMutation({ mutationFn: (subscriptionIds: number[]) => sendPaymentReminders(subscriptionIds, onProgress) });
}
