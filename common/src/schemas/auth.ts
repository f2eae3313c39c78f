import { z } from 'zod';
import { validationMessages as m } from '../messages.js';

export const loginPayload = z.object({
  username: z.string({ error: m.required }).trim().min(1, m.required).max(254, m.tooLong),
  password: z.string({ error: m.required }).min(1, m.required).max(1000, m.tooLong),
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
