import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { failureMessages } from '@common/messages.js';
import { VOUCHER_VALID_HOURS } from '@common/constants.js';
import { voucherCalls } from '@common/contract/vouchers.js';
import { camps, vouchers } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { callRoutes } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { currentAdminId } from '../../lib/session-user.js';

/**
 * GET generateVoucher?campId&type=extraSubscription: a one-day voucher for the public booking site, which
 * reads the vouchers table (token, camp, type, expires_at, used_at) to accept it once before it expires.
 */
export default callRoutes(voucherCalls, (app) => ({
  generateVoucher: async (request) => {
    const { campId, type } = request.query;
    const adminId = currentAdminId(request);
    const token = await app.database.db.transaction(async (tx) => {
      const [camp] = await tx.select({ id: camps.id }).from(camps).where(eq(camps.id, campId));
      if (!camp) throw notFound(failureMessages.campNotFound);
      const createdAt = app.clock.now();
      const [voucher] = await tx
        .insert(vouchers)
        .values({
          token: randomBytes(24).toString('base64url'),
          campId,
          type,
          createdBy: adminId,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + VOUCHER_VALID_HOURS * 3600_000),
        })
        .returning();
      await writeAudit(tx, {
        adminId,
        action: 'generateVoucher',
        entity: 'voucher',
        entityId: voucher!.id,
        before: null,
        after: { ...voucher, token: '…' },
      });
      return voucher!.token;
    });
    return token;
  },
}));
