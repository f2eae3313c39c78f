import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { vouchers } from '../db/schema.js';

export type Voucher = typeof vouchers.$inferSelect;

/**
 * The rule by which the public booking site accepts a voucher link (?voucher=<token>&camp=<campId>): the token
 * belongs to that camp, was never used, and `at` lies before its expiry. The site shares this database and
 * sets `used_at` when a booking with the voucher succeeds; see docs/decisions.md.
 */
export async function findValidVoucher(db: Executor, token: string, campId: number, at: Date = new Date()): Promise<Voucher | null> {
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.token, token), eq(vouchers.campId, campId), isNull(vouchers.usedAt), gt(vouchers.expiresAt, at)));
  return voucher ?? null;
}
