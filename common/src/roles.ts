/**
 * The three roles of a user (issue 20; docs/decisions.md, 'Roles'). Every call of the call table says which
 * roles may use it; the server checks it in one place (server/src/plugins/auth.ts).
 */
export const roles = ['beheerder', 'medewerker', 'monitor'] as const;
export type Role = (typeof roles)[number];

/** Staff: what every call allows unless it declares otherwise, so a call added without a thought for roles stays closed to monitors. */
export const staffRoles = ['beheerder', 'medewerker'] as const satisfies readonly Role[];
/** Administrators, settings, attests and national numbers. */
export const beheerderOnly = ['beheerder'] as const satisfies readonly Role[];
/** Every signed-in user, a monitor included (me, logout, changing one's own password). */
export const everyRole = roles;

export const roleLabels: Record<Role, string> = {
  beheerder: 'Beheerder',
  medewerker: 'Medewerker',
  monitor: 'Monitor',
};
