import { callRoles } from 'virtual:call-roles';
import type { CallName } from '@common/contract/index.js';
import { useAuth } from './auth.js';

/** Whether the signed-in user's role may use a call of the table, so a screen offers only what the server allows. */
export function useMayCall(name: CallName): boolean {
  const { state } = useAuth();
  return state.status === 'signedIn' && callRoles[name].includes(state.user.role);
}
