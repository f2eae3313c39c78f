import { failureMessages } from '@common/messages.js';
import { planningMessages } from '@common/volunteer-allowance.js';
import { ApiError } from '../../lib/api-client.js';

/**
 * What a refused change of the planning tells staff, decided on the refusal's code (the caps' refusals name the day
 * and the amounts, which only the server's message carries).
 */
export function failureOf(error: unknown): string {
  if (!(error instanceof ApiError)) return failureMessages.save;
  switch (error.code) {
    case 'NOT_AVAILABLE':
      return error.message || planningMessages.notAvailable;
    case 'DOUBLE_WEEK':
      return planningMessages.doubleWeek;
    case 'QUALIFICATION_MISSING':
    case 'DAILY_CAP_EXCEEDED':
    case 'YEARLY_CAP_EXCEEDED':
    case 'CONFLICT':
      return error.message;
    case 'NOT_FOUND':
      return planningMessages.notAssigned;
    default:
      return failureMessages.save;
  }
}
