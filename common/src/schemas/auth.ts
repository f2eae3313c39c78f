import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { roles } from '../roles.js';

/** The longest password sign-in accepts; a new password may not be longer (server/src/lib/password-policy.ts). */
export const PASSWORD_MAX_LENGTH = 1000;

export const loginPayload = z.object({
  username: z.string({ error: m.required }).trim().min(1, m.required).max(254, m.tooLong),
  password: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, m.tooLong),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const signedInUser = z.object({
  email: z.string(),
  /** What the screens offer follows it; the server checks every call itself. */
  role: z.enum(roles),
});
export type SignedInUser = z.infer<typeof signedInUser>;

export const loginAnswer = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: signedInUser,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;
