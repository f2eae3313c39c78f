import type { PublicParentFields } from '@common/schemas/public.js';
import type { Executor } from '../db/client.js';
import { parents } from '../db/schema.js';

/**
 * A parent's row from the parent card's fields (common/src/schemas/registration.ts, newParentFields) but the e-mail
 * address: staff's registration gives it with the card, a family's account has its own. No second phone is '', no
 * national number null.
 */
export const parentRowOf = (fields: PublicParentFields) => ({
  firstname: fields.SUBSCRIBER_PARENT_FIRSTNAME,
  lastname: fields.SUBSCRIBER_PARENT_LASTNAME,
  street: fields.SUBSCRIBER_PARENT_STREET,
  housenr: fields.SUBSCRIBER_PARENT_HOUSENR,
  postalcode: fields.SUBSCRIBER_PARENT_POSTALCODE,
  city: fields.SUBSCRIBER_PARENT_CITY,
  country: fields.SUBSCRIBER_PARENT_COUNTRY,
  phone: fields.SUBSCRIBER_PARENT_PHONE,
  phone2: fields.SUBSCRIBER_PARENT_PHONE2 ?? '',
  nationalnr: fields.SUBSCRIBER_PARENT_NATIONALNR ?? null,
});

/** A new parent (a registration at the desk, a family's sign-up): its id. */
export async function insertParent(tx: Executor, email: string, fields: PublicParentFields): Promise<number> {
  const [row] = await tx
    .insert(parents)
    .values({ ...parentRowOf(fields), email })
    .returning({ id: parents.id });
  return row!.id;
}
