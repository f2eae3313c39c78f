import { dateTimeInputValue, isoFromDateTimeInput } from '../../../lib/date-time-input.js';
import { campPayload, newCampDefaults, type CampPayload, type CampRecord, type CampValues } from '@common/schemas/camps.js';

/** Euro as staff type it: 125 or 12,50. */
function euroInputValue(euro: number): string {
  return Number.isInteger(euro) ? String(euro) : euro.toFixed(2).replace('.', ',');
}

/** The form's starting values: the new-camp defaults of spec section 9, or the camp's own fields. */
export function campFormValues(camp?: CampRecord): CampPayload {
  if (!camp) return { ...newCampDefaults };
  const fields = Object.fromEntries(Object.keys(campPayload.shape).map((key) => [key, camp[key as keyof CampRecord]])) as CampPayload;
  return {
    ...fields,
    PRICE: euroInputValue(camp.PRICE),
    CAMP_REDUCTION_TO_EARN: euroInputValue(camp.CAMP_REDUCTION_TO_EARN),
    CAMP_FISCAL_MAX_REDUCTION: euroInputValue(camp.CAMP_FISCAL_MAX_REDUCTION),
    CAMP_CANCELLATION_FEE: euroInputValue(camp.CAMP_CANCELLATION_FEE),
    // An inherited booking start or info leaves the camp's own field empty (spec section 2).
    CAMP_ALLOW_BOOKING_FROM: dateTimeInputValue(camp.CAMP_ALLOW_BOOKING_FROM),
    CAMP_ALLOW_BOOKING_INFO: camp.CAMP_ALLOW_BOOKING_INFO ?? '',
    REMARK: camp.REMARK ?? '',
  };
}

/** What crudCamp receives: the validated values, with the local booking start as an ISO timestamp. */
export function campSaveBody(values: CampValues): CampValues {
  return { ...values, CAMP_ALLOW_BOOKING_FROM: isoFromDateTimeInput(values.CAMP_ALLOW_BOOKING_FROM) };
}
