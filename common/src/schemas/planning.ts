import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { VOLUNTEER_KINDS } from '../volunteer-allowance.js';
import { booleanField, idField, isoDate, nonNegativeEuroField, optionalIdField, positiveIntField, requiredText } from './fields.js';

/** Monitor planning (issue 36): the inputs and answers of its calls. */

const requiredOrWrongFormat = { error: (issue: { input: unknown }) => (issue.input === undefined ? m.required : m.wrongFormat) };
const yearField = z.coerce.number(requiredOrWrongFormat).int(m.wrongFormat).min(2000, m.wrongFormat).max(2999, m.wrongFormat);
const idList = z.array(idField, requiredOrWrongFormat).max(500, m.tooLong);
const volunteerKind = z.enum(VOLUNTEER_KINDS, requiredOrWrongFormat);

export const planningQuery = z.object({ campYear: yearField });
export const registerQuery = z.object({ year: yearField });
export const exportRegisterQuery = z.object({ year: yearField, format: z.enum(['xlsx', 'pdf'], requiredOrWrongFormat) });

/** saveAvailability: the periods the monitor can work; with campYear only that year's are replaced, else all. */
export const saveAvailabilityPayload = z.object({
  MONITOR_ID: idField,
  PERIOD_IDS: idList,
  campYear: yearField.optional(),
});

/** publishPlanning: the camp year whose planning goes to its monitors by mail. */
export const publishPlanningPayload = z.object({ campYear: yearField });
export const publishPlanningAnswer = z.object({ PUBLISHED_AT: z.string(), MAILS: z.number() });

/** saveMyAvailability: the signed-in monitor's own periods of a camp year (that year's are replaced). */
export const saveMyAvailabilityPayload = z.object({ PERIOD_IDS: idList, campYear: yearField });

export const assignMonitorPayload = z.object({
  MONITOR_ID: idField,
  CAMP_ID: idField,
  HEAD: booleanField.default(false),
  /** The volunteer allowance per camp day to enter in the register with the assignment (0: none; left out: unchanged). */
  ALLOWANCE_PER_DAY: nonNegativeEuroField.optional(),
});
export const unassignMonitorPayload = z.object({ MONITOR_ID: idField, CAMP_ID: idField });

export const saveQualificationPayload = z.object({
  QUALIFICATION_ID: optionalIdField,
  QUALIFICATION_NAME: requiredText(1, 100),
});
export const deleteQualificationPayload = z.object({ QUALIFICATION_ID: idField });

export const saveMonitorQualificationsPayload = z.object({
  MONITOR_ID: idField,
  VOLUNTEER_KIND: volunteerKind,
  QUALIFICATIONS: z
    .array(z.object({ QUALIFICATION_ID: idField, VALID_UNTIL: isoDate.nullable() }), requiredOrWrongFormat)
    .max(50, m.tooLong),
});

export const saveCampRequirementsPayload = z.object({ CAMP_ID: idField, QUALIFICATION_IDS: idList });
export const saveAgegroupRatioPayload = z.object({ AGEGROUP_ID: idField, CHILDREN_PER_MONITOR: positiveIntField });

/** saveVolunteerAllowance: the allowance of a planned monitor on camp days of that camp (0: none that day). */
export const saveVolunteerAllowancePayload = z.object({
  MONITOR_ID: idField,
  CAMP_ID: idField,
  DAYS: z
    .array(z.object({ DAY: isoDate, AMOUNT: nonNegativeEuroField }), requiredOrWrongFormat)
    .min(1, m.required)
    .max(31, m.tooLong),
});

export const qualificationRecord = z.object({ QUALIFICATION_ID: z.number(), QUALIFICATION_NAME: z.string() });

const monitorQualification = z.object({
  QUALIFICATION_ID: z.number(),
  QUALIFICATION_NAME: z.string(),
  VALID_UNTIL: z.string().nullable(),
});

export const planningPeriod = z.object({
  PERIOD_ID: z.number(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
});

export const plannedMonitor = z.object({
  MONITOR_ID: z.number(),
  MONITOR_NAME: z.string(),
  HEAD: z.boolean(),
  DRAFT: z.boolean(),
});

export const planningCamp = z.object({
  CAMP_ID: z.number(),
  PERIOD_ID: z.number(),
  LOCATION_ID: z.number(),
  LOCATION_NAME: z.string(),
  THEME_NAME: z.string(),
  AGEGROUP_ID: z.number(),
  AGEGROUP_NAME: z.string(),
  CAMP_START: z.string(),
  CAMP_END: z.string(),
  /** The days the allowance register holds for a monitor of this camp. */
  CAMP_DAYS: z.array(z.string()),
  CHILDREN_BOOKED: z.number(),
  CHILDREN_PER_MONITOR: z.number(),
  MONITORS_PLANNED: z.number(),
  MONITORS_NEEDED: z.number(),
  /** Monitors still to plan (0 when enough). */
  MONITORS_MISSING: z.number(),
  HAS_HEAD: z.boolean(),
  REQUIRED_QUALIFICATIONS: z.array(qualificationRecord),
  /** Required qualifications none of the planned monitors holds through the camp's end. */
  QUALIFICATIONS_MISSING: z.array(qualificationRecord),
  /** Too few monitors, or a required qualification missing. */
  SHORT: z.boolean(),
  MONITORS: z.array(plannedMonitor),
});
export type PlanningCamp = z.infer<typeof planningCamp>;

export const planningMonitor = z.object({
  MONITOR_ID: z.number(),
  MONITOR_NAME: z.string(),
  VOLUNTEER_KIND: volunteerKind,
  AVAILABLE_PERIOD_IDS: z.array(z.number()),
  QUALIFICATIONS: z.array(monitorQualification),
  /** The allowance in the register this calendar year, and the caps of the monitor's kind (euro). */
  ALLOWANCE_YEAR_TOTAL: z.number(),
  VOLUNTEER_DAILY_CAP: z.number().nullable(),
  VOLUNTEER_YEARLY_CAP: z.number().nullable(),
});
export type PlanningMonitor = z.infer<typeof planningMonitor>;

export const planningAnswer = z.object({
  /** When the camp year's planning was last published (its monitors mailed), null while it is a draft. */
  PUBLISHED_AT: z.string().nullable(),
  periods: z.array(planningPeriod),
  camps: z.array(planningCamp),
  monitors: z.array(planningMonitor),
  ratios: z.array(z.object({ AGEGROUP_ID: z.number(), AGEGROUP_NAME: z.string(), CHILDREN_PER_MONITOR: z.number() })),
});
export type PlanningAnswer = z.infer<typeof planningAnswer>;

export const assignmentAnswer = z.object({ camp: planningCamp });

export const registerRow = z.object({
  MONITOR_ID: z.number(),
  MONITOR_NAME: z.string(),
  CAMP_ID: z.number(),
  CAMP_LABEL: z.string(),
  DAY: z.string(),
  AMOUNT: z.number(),
});
export type RegisterRow = z.infer<typeof registerRow>;

export const registerAnswer = z.object({
  rows: z.array(registerRow),
  totals: z.array(
    z.object({
      MONITOR_ID: z.number(),
      MONITOR_NAME: z.string(),
      VOLUNTEER_KIND: volunteerKind,
      TOTAL: z.number(),
      VOLUNTEER_DAILY_CAP: z.number().nullable(),
      VOLUNTEER_YEARLY_CAP: z.number().nullable(),
    }),
  ),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** getMyPlanning: the signed-in monitor's camps of the year. */
export const myPlanningAnswer = z.array(
  z.object({
    CAMP_ID: z.number(),
    PERIOD_NAME: z.string(),
    PERIOD_STARTDATE: z.string(),
    PERIOD_ENDDATE: z.string(),
    LOCATION_NAME: z.string(),
    THEME_NAME: z.string(),
    AGEGROUP_NAME: z.string(),
    HEAD: z.boolean(),
    CHILDREN_BOOKED: z.number(),
  }),
);

/** getMyAvailability: the camp year's periods, those the signed-in monitor gave as available, and those they are planned in. */
export const myAvailabilityAnswer = z.object({
  periods: z.array(planningPeriod),
  AVAILABLE_PERIOD_IDS: z.array(z.number()),
  PLANNED_PERIOD_IDS: z.array(z.number()),
});
export type MyAvailabilityAnswer = z.infer<typeof myAvailabilityAnswer>;
