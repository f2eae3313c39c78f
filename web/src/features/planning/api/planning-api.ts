import { useMutation, useQuery } from '@tanstack/react-query';
import type { BodyInput, Contract } from '@common/contract/index.js';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';

/**
 * Monitor planning's calls (issue 36): the reads cached by the contract's keys, the changes over the API client (the
 * contract says what they make stale, so no screen names a key).
 */
export const usePlanning = (campYear: number) => useQuery(callQuery('getPlanning', { campYear }));
export const useQualifications = () => useQuery(callQuery('getQualifications'));
export const useVolunteerRegister = (year: number) => useQuery(callQuery('getVolunteerRegister', { year }));
export const useMyPlanning = (campYear: number) => useQuery(callQuery('getMyPlanning', { campYear }));
export const useMyAvailability = (campYear: number) => useQuery(callQuery('getMyAvailability', { campYear }));
export const useFullSettings = () => useQuery(callQuery('getSettings'));

type ChangeName =
  | 'assignMonitor'
  | 'unassignMonitor'
  | 'saveAvailability'
  | 'saveMyAvailability'
  | 'publishPlanning'
  | 'saveQualification'
  | 'deleteQualification'
  | 'saveMonitorQualifications'
  | 'saveCampRequirements'
  | 'saveAgegroupRatio'
  | 'saveVolunteerAllowance'
  | 'updateSettings';

/** A change of the planning, by its call's name. */
export function usePlanningChange<N extends ChangeName>(name: N) {
  // The body is the call's own input: the cast only bridges the generic call name.
  const call = api.call as (name: N, body: BodyInput<Contract[N]>) => Promise<unknown>;
  return useMutation({ mutationFn: (body: BodyInput<Contract[N]>) => call(name, body) });
}
