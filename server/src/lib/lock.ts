import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { notFound } from './errors.js';

/**
 * The row with this id, locked for the rest of the transaction (`SELECT … FOR UPDATE`), so that
 * concurrent changes of one record wait for each other; an unknown id is a 404 with the given message.
 */
export async function lockRowById<T extends PgTable & { id: AnyPgColumn }>(
  tx: Executor,
  table: T,
  id: number,
  notFoundMessage: string,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw notFound(notFoundMessage);
  return row as T['$inferSelect'];
}
