import { z } from 'zod';
import { validationMessages as m } from '../messages.js';

/** The longest password sign-in accepts; a new password may not be longer (server/src/features/auth/password-policy.ts). */
export const PASSWORD_MAX_LENGTH = 1000;

export const loginPayload = z.object({
  username: z.string({ error: m.required }).trim().min(1, m.required).max(254, m.tooLong),
  password: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, m.tooLong),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export interface SignedInUser {
  email: string;
}

export interface LoginAnswer {
  token: string;
  expiresAt: string;
  user: SignedInUser;
}
