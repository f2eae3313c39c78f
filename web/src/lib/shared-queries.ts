import { queryOptions } from '@tanstack/react-query';
import { callQuery } from './queries.js';

/** The query options of the calls whose answers several features show, made here once (queries.ts). */

/** The camps of one camp year (the year their period starts in), with seats taken and open. */
export const campsQuery = (campYear: number) => callQuery('getCamps', { campYear });

/**
 * One camp by id, or null when the id is unknown (the answer is an empty list). Asked without the camp year, so a
 * camp opened from a link of another year still loads.
 */
export const campQuery = (campId: number) => queryOptions({ ...callQuery('getCamps', { campId }), select: (rows) => rows[0] ?? null });

/** Every monitor, sorted by last name then first name (the server sorts). */
export const monitorsQuery = () => callQuery('getMonitors');

/** One monitor, or null when the id is unknown (the answer is an empty list). */
export const monitorQuery = (monitorId: number) =>
  queryOptions({ ...callQuery('getMonitors', { monitorId }), select: (rows) => rows[0] ?? null });

/** The organiser's settings (one row), as the settings' policy shows them to the signed-in role. */
export const settingsQuery = () => queryOptions({ ...callQuery('getSettings'), select: (rows) => rows[0] ?? null });
