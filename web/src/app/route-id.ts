import { useParams } from 'react-router';
import { parseRecordId } from '@common/record-id.js';

/**
 * The record id of a detail route, by the one id rule of common/: undefined on a create route (no id),
 * null when the route names no record ('0x187', '391.0', '2147483648'), so the screen shows its not-found state.
 */
export function useRouteRecordId(): number | null | undefined {
  const { id } = useParams();
  return id === undefined ? undefined : parseRecordId(id);
}
