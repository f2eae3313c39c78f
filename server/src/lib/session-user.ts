import { apiMessages } from '@common/messages.js';
import type { Role } from '@common/roles.js';
import { AppError } from './errors.js';

/** A signed-in staff member, as the auth plugin (server/src/plugins/auth.ts) puts it on the request. */
export interface SessionUser {
  adminId: number;
  email: string;
  role: Role;
  /** The monitor a monitor user is linked to (null: none, or another role). */
  monitorId: number | null;
  sessionId: number;
}

/** A family signed in on the public booking site (issue 40); never a staff member. */
export interface FamilyUser {
  accountId: number;
  sessionId: number;
  /** The parent record the family books as; null while a known family waits for its address to be confirmed. */
  parentId: number | null;
}

/** The role of the signed-in user of a guarded route. */
export function currentRole(request: { user: SessionUser | null }): Role {
  if (!request.user) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
  return request.user.role;
}

/** The signed-in administrator of a guarded route. */
export function currentAdminId(request: { user: SessionUser | null }): number {
  if (!request.user) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
  return request.user.adminId;
}
