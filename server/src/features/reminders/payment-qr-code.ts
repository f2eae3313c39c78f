import type { Executor } from '../../db/client.js';
import { qrPng, subscriptionEpcPayload } from '../../lib/payment-qr.js';
import { readSettings, type OrganiserSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';

/** The QR code the financial card shows: the same payload and image as the subscription's mails carry. */
export async function paymentQrCode(db: Executor, defaults: OrganiserSettings, subscriptionId: number) {
  const detail = await findSubscriptionDetail(db, subscriptionId);
  if (!detail) return [];
  const payload = subscriptionEpcPayload(detail, await readSettings(db, defaults));
  if (!payload) return [];
  return [{ payload, image: `data:image/png;base64,${(await qrPng(payload)).toString('base64')}` }];
}
