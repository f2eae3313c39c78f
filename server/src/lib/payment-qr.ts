import QRCode from 'qrcode';
import { PAYMENT_METHOD } from '@common/constants.js';
import { EPC_ERROR_CORRECTION, epcPayload, EpcError } from '@common/epc-qr.js';
import { euroToCents } from '@common/money.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { SettingsRecord } from '@common/schemas/settings.js';

/**
 * The payment QR code of a subscription (common/src/epc-qr.ts), for the mails that ask for a transfer and
 * the subscription detail's financial card: one renderer, so both show the same code.
 */

/** A subscription asks for a transfer while it is not cancelled, is paid by transfer and has money open. */
export function asksForTransfer(detail: Pick<SubscriptionDetail, 'SUBSCRIPTION_CANCELLED' | 'PAYMENTMETHOD_ID' | 'SUBSCRIPTION_SALDO'>) {
  return !detail.SUBSCRIPTION_CANCELLED && detail.PAYMENTMETHOD_ID === PAYMENT_METHOD.bankTransfer && detail.SUBSCRIPTION_SALDO > 0;
}

/** The EPC payload for the amount open, or null when the subscription asks for no transfer or the settings cannot make one. */
export function subscriptionEpcPayload(
  detail: Pick<SubscriptionDetail, 'SUBSCRIPTION_CANCELLED' | 'PAYMENTMETHOD_ID' | 'SUBSCRIPTION_SALDO' | 'SUBSCRIPTION_OGM'>,
  organiser: Pick<SettingsRecord, 'ORGANISER_NAME' | 'ORGANISER_IBAN' | 'ORGANISER_BIC'>,
): string | null {
  if (!asksForTransfer(detail)) return null;
  try {
    return epcPayload({
      bic: organiser.ORGANISER_BIC,
      name: organiser.ORGANISER_NAME,
      iban: organiser.ORGANISER_IBAN,
      amountCents: euroToCents(detail.SUBSCRIPTION_SALDO),
      ogm: detail.SUBSCRIPTION_OGM,
    });
  } catch (error) {
    if (error instanceof EpcError) return null;
    throw error;
  }
}

/**
 * The QR code as a PNG: error-correction level M as EPC069-12 prescribes, 6 pixels a module and the 4-module quiet zone.
 * Every row with PNG's Paeth filter, the one the encoder's own choice per row ends up with for a QR code (3.5 KB either
 * way): trying all five filters on every row was half the work of a booking's confirmation mail, rendered inside the
 * booking's transaction (13 → 6.5 ms a code on the shared machine; issue 37, docs/decisions.md).
 */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, {
    type: 'png',
    errorCorrectionLevel: EPC_ERROR_CORRECTION,
    margin: 4,
    scale: 6,
    rendererOpts: { filterType: 4 },
  } as QRCode.QRCodeToBufferOptions);
}

/** The name of the inline image in a mail (`cid:` in its HTML part). */
export const PAYMENT_QR_CID = 'betaal-qr@kampbeheer';
