import { z } from 'zod';
import {
  acceptInvitePayload,
  changePasswordPayload,
  inviteAnswer,
  inviteUserPayload,
  updateUserPayload,
  userIdPayload,
  userRecord,
} from '../schemas/users.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** The users of the product and their roles ('Gebruikers', 'Mijn account'; issue 20). */
export const userCalls = feature('users', {
  getUsers: call({
    method: 'GET',
    path: '/api/getUsers',
    access: reads('user'),
    summary: 'Every user with role, status and linked monitor',
    response: z.array(userRecord),
    example: {},
  }),
  inviteUser: call({
    method: 'POST',
    path: '/api/inviteUser',
    access: changes('user'),
    summary: 'Invites a user by e-mail: a one-time link, valid 48 hours, to set a password (mailed and answered)',
    body: inviteUserPayload,
    response: inviteAnswer,
    refusals: [404, 409],
    example: { body: { email: 'nieuw@kampbeheer.be', role: 'medewerker' } },
  }),
  updateUser: call({
    method: 'POST',
    path: '/api/updateUser',
    access: changes('user'),
    summary: "Changes a user's role, linked monitor or disabled state; disabling ends their sessions",
    body: updateUserPayload,
    response: userRecord,
    refusals: [404, 409],
    example: { body: { userId: 1, role: 'beheerder', disabled: false } },
  }),
  removeUser: call({
    method: 'POST',
    path: '/api/removeUser',
    access: changes('user'),
    summary: 'Removes a user and ends their sessions',
    body: userIdPayload,
    response: z.object({ userId: z.number() }),
    refusals: [404, 409],
    example: { body: { userId: 1 } },
  }),
  acceptInvite: call({
    method: 'POST',
    path: '/api/acceptInvite',
    access: changes('user'),
    summary: 'Sets the password of an invited user with the one-time link; the user signs in afterwards',
    public: true,
    body: acceptInvitePayload,
    response: z.object({ email: z.string() }),
    refusals: [404, 429],
    example: { body: { token: 'uitnodiging-token-uit-de-link-0123456789', password: 'een lang genoeg wachtwoord' } },
  }),
  changePassword: call({
    method: 'POST',
    path: '/api/changePassword',
    access: changes('account'),
    summary: "Changes the signed-in user's own password; their other sessions end",
    body: changePasswordPayload,
    response: z.object({ changed: z.literal(true) }),
    example: { body: { currentPassword: 'het huidige wachtwoord', newPassword: 'een lang genoeg wachtwoord' } },
  }),
});
