import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { roles } from '../roles.js';
import { PASSWORD_MAX_LENGTH } from './auth.js';
import { booleanField, emailField, idField, optionalIdField } from './fields.js';

/** The Dutch texts of the users page, the invite and 'Mijn account'. */
export const userMessages = {
  lastBeheerder: 'Dit is de laatste actieve beheerder: maak eerst iemand anders beheerder.',
  exists: 'Er bestaat al een gebruiker met dit e-mailadres.',
  notFound: 'Gebruiker niet gevonden',
  monitorRequired: 'Kies de monitor van deze gebruiker.',
  monitorNotFound: 'Monitor niet gevonden',
  inviteInvalid: 'Deze uitnodiging is ongeldig, verlopen of al gebruikt. Vraag een beheerder om een nieuwe.',
  wrongPassword: 'Huidig wachtwoord niet correct',
  passwordsDiffer: 'De wachtwoorden zijn niet gelijk.',
} as const;

const roleField = z.enum(roles, { error: m.required });

/** A user of the 'Gebruikers' page: invited (no password yet), active or disabled. */
export const userRecord = z.object({
  userId: z.number(),
  email: z.string(),
  role: z.enum(roles),
  monitorId: z.number().nullable(),
  monitorName: z.string().nullable(),
  status: z.enum(['uitgenodigd', 'actief', 'uitgeschakeld']),
  /** Until when the newest invite link works, for an invited user. */
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;

/** A monitor user needs the monitor whose camps they see. */
const monitorOfMonitorRole = <T extends { role: string; monitorId?: number | null | undefined }>(value: T, ctx: z.RefinementCtx) => {
  if (value.role === 'monitor' && !value.monitorId)
    ctx.addIssue({ code: 'custom', path: ['monitorId'], message: userMessages.monitorRequired });
};

export const inviteUserPayload = z
  .object({ email: emailField, role: roleField, monitorId: optionalIdField })
  .superRefine(monitorOfMonitorRole);
export type InviteUserPayload = z.input<typeof inviteUserPayload>;

export const inviteAnswer = z.object({
  user: userRecord,
  /** The one-time link, also mailed to the user: the beheerder can hand it over when the mail does not arrive. */
  inviteLink: z.string(),
});

export const updateUserPayload = z
  .object({ userId: idField, role: roleField, disabled: booleanField, monitorId: optionalIdField })
  .superRefine(monitorOfMonitorRole);
export type UpdateUserPayload = z.input<typeof updateUserPayload>;

export const userIdPayload = z.object({ userId: idField });

const newPassword = z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, m.tooLong);

export const acceptInvitePayload = z.object({
  token: z.string({ error: m.required }).trim().min(1, m.required).max(200, m.tooLong),
  password: newPassword,
});

export const changePasswordPayload = z.object({
  currentPassword: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, m.tooLong),
  newPassword,
});
