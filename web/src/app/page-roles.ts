import type { Role } from '@common/roles.js';

/**
 * The pages a role may open besides the staff's (the server refuses the calls behind any other page
 * anyway; this keeps the screens from offering them). Paths are prefixes of the route table.
 */
const beheerderPages = ['/settings', '/logboek', '/users', '/gegevensbeheer', '/attesten'];
const monitorPages = ['/camps', '/camp-participants/', '/account'];

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

export function pageAllowed(role: Role, pathname: string): boolean {
  if (role === 'beheerder') return true;
  if (role === 'monitor') return monitorPages.some((p) => under(pathname, p));
  return !beheerderPages.some((p) => under(pathname, p));
}

/** Where the app opens for a role. */
export const homePath = (role: Role) => (role === 'monitor' ? '/camps' : '/subscription-overview');
