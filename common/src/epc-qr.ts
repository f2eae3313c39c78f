import type { Cents } from './money.js';
import { isValidOgm } from './ogm.js';

/**
 * The European Payments Council's 'SEPA credit transfer' QR code (EPC069-12, version 002), which Belgian
 * banking apps scan to fill in a transfer. Lines separated by LF; the last filled element ends the payload.
 *
 * The OGM goes in the structured remittance field (line 10) as its twelve digits, and the unstructured
 * field (line 11) stays empty: the standard allows only one of the two, and Belgian apps turn a valid
 * twelve-digit reference in the structured field into the 'gestructureerde mededeling' (docs/decisions.md,
 * 'Money follow-up').
 */
export interface EpcTransfer {
  /** The beneficiary's BIC; optional within the EEA since version 002. */
  bic: string | null;
  name: string;
  iban: string;
  amountCents: Cents;
  /** The Belgian structured communication, in any notation (+++123/4567/89002+++). */
  ogm: string;
}

/** The payload may hold at most 331 bytes (UTF-8), so the code fits version 13 at error-correction level M. */
export const EPC_MAX_BYTES = 331;
/** Error-correction level M, as EPC069-12 prescribes. */
export const EPC_ERROR_CORRECTION = 'M';

const MAX_NAME = 70;
const MAX_AMOUNT_CENTS = 99_999_999_999;

export class EpcError extends Error {}

/** The payload text of the QR code; throws EpcError when the transfer cannot be put in one. */
export function epcPayload(transfer: EpcTransfer): string {
  const iban = transfer.iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) throw new EpcError('IBAN ongeldig');
  const bic = (transfer.bic ?? '').replace(/\s/g, '').toUpperCase();
  if (bic !== '' && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new EpcError('BIC ongeldig');
  const name = transfer.name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
  if (name === '') throw new EpcError('Naam ontbreekt');
  if (!Number.isInteger(transfer.amountCents) || transfer.amountCents < 1 || transfer.amountCents > MAX_AMOUNT_CENTS)
    throw new EpcError('Bedrag buiten bereik');
  if (!isValidOgm(transfer.ogm)) throw new EpcError('OGM ongeldig');
  const euros = Math.floor(transfer.amountCents / 100);
  const cents = String(transfer.amountCents % 100).padStart(2, '0');
  const lines = [
    'BCD', // service tag
    '002', // version
    '1', // character set: UTF-8
    'SCT', // SEPA credit transfer
    bic,
    name,
    iban,
    `EUR${euros}.${cents}`,
    '', // purpose
    transfer.ogm.replace(/\D/g, ''), // structured remittance: the OGM's twelve digits
  ];
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) throw new EpcError('Te lang voor een betaalcode');
  return payload;
}
