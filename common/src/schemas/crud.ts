import { z } from 'zod';
import { validationMessages as m } from '../messages.js';

export const crudActions = ['create', 'read', 'update', 'delete'] as const;

/**
 * The body of a crud call of spec section 7 (crudCamp, crudTheme) and of the calls built the same way (the season's
 * lists, mail templates, mail schedules): the record plus an optional `action`. One shape per action, checked at the
 * door: `read` and `delete` take the id, `update` the record with its id, `create` or no action the record (without an
 * action an id updates: the handler decides, as the spec's clients expect). The action chooses the shape, so a refused
 * field keeps its own Dutch message; an unknown action is 'Foutief formaat' at `action`. Other keys are dropped.
 */
export function crudRequest<P extends z.ZodRawShape, I extends z.ZodRawShape>(payload: z.ZodObject<P>, idPayload: z.ZodObject<I>) {
  // safeExtend keeps the record's refinements (a period's end after its start, a camp's day counts).
  return z.discriminatedUnion(
    'action',
    [
      z.object({ ...idPayload.shape, action: z.literal('read') }),
      z.object({ ...idPayload.shape, action: z.literal('delete') }),
      payload.safeExtend({ ...idPayload.shape, action: z.literal('update') } as never) as unknown as z.ZodObject<
        z.util.Extend<z.util.Extend<P, I>, { action: z.ZodLiteral<'update'> }>
      >,
      payload.safeExtend({ action: z.literal('create').optional() } as never) as unknown as z.ZodObject<
        z.util.Extend<P, { action: z.ZodOptional<z.ZodLiteral<'create'>> }>
      >,
    ],
    { error: m.wrongFormat },
  );
}
