import { describe, expect, it } from 'vitest';
import { EPC_MAX_BYTES, epcPayload, EpcError } from '@common/epc-qr.js';
import { qrPng, subscriptionEpcPayload } from '../../server/src/lib/payment-qr.js';
import { decodeQrPng } from '../helpers/qr.js';

const transfer = {
  bic: 'GKCCBEBB',
  name: 'Sportkampen Zuiderkempen vzw',
  iban: 'BE71 0961 2345 6769',
  amountCents: 12_350,
  ogm: '+++123/4567/89002+++',
};

describe('EPC QR payload (EPC069-12, version 002)', () => {
  it('is byte for byte the standard lines for a known transfer, OGM digits in the structured field', () => {
    const payload = epcPayload(transfer);
    expect(payload).toBe('BCD\n002\n1\nSCT\nGKCCBEBB\nSportkampen Zuiderkempen vzw\nBE71096123456769\nEUR123.50\n\n123456789002');
    expect(Buffer.byteLength(payload, 'utf8')).toBe(92);
  });

  it('leaves the BIC line empty when none is set and writes whole cents', () => {
    expect(epcPayload({ ...transfer, bic: null, amountCents: 5 }).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Sportkampen Zuiderkempen vzw',
      'BE71096123456769',
      'EUR0.05',
      '',
      '123456789002',
    ]);
  });

  it('cuts the name at 70 characters and stays within 331 bytes with multi-byte names', () => {
    const payload = epcPayload({ ...transfer, name: 'Écoles de sport Éé '.repeat(10) });
    expect(payload.split('\n')[5]).toHaveLength(70);
    expect(Buffer.byteLength(payload, 'utf8')).toBeLessThanOrEqual(EPC_MAX_BYTES);
  });

  it('refuses what a bank would refuse: no amount, a bad OGM, a bad IBAN', () => {
    expect(() => epcPayload({ ...transfer, amountCents: 0 })).toThrow(EpcError);
    expect(() => epcPayload({ ...transfer, ogm: '+++123/4567/89003+++' })).toThrow(EpcError);
    expect(() => epcPayload({ ...transfer, iban: 'geen rekening' })).toThrow(EpcError);
    expect(() => epcPayload({ ...transfer, bic: 'XX' })).toThrow(EpcError);
  });
});

describe('payment QR code', () => {
  it('decodes back, with a QR decoder, to the same payload bytes', async () => {
    const payload = epcPayload({ ...transfer, name: 'Kampen Sint-Jozef – Zoë' });
    const decoded = decodeQrPng(await qrPng(payload));
    expect(decoded.data).toBe(payload);
    expect(Buffer.from(decoded.bytes).equals(Buffer.from(payload, 'utf8'))).toBe(true);
    expect(decoded.version).toBeLessThanOrEqual(13);
  });

  it('the longest payload still fits version 13 at level M', async () => {
    const payload = epcPayload({ ...transfer, name: 'Ž'.repeat(70), amountCents: 99_999_999_999 });
    const decoded = decodeQrPng(await qrPng(payload));
    expect(decoded.data).toBe(payload);
    expect(decoded.version).toBeLessThanOrEqual(13);
  });

  it('is made only for a subscription that asks for a transfer', () => {
    const organiser = { ORGANISER_NAME: 'Kampen vzw', ORGANISER_IBAN: 'BE71096123456769', ORGANISER_BIC: null };
    const open = { SUBSCRIPTION_CANCELLED: false, PAYMENTMETHOD_ID: 2, SUBSCRIPTION_SALDO: 80.5, SUBSCRIPTION_OGM: transfer.ogm };
    expect(subscriptionEpcPayload(open, organiser)).toBe('BCD\n002\n1\nSCT\n\nKampen vzw\nBE71096123456769\nEUR80.50\n\n123456789002');
    expect(subscriptionEpcPayload({ ...open, SUBSCRIPTION_SALDO: 0 }, organiser)).toBeNull();
    expect(subscriptionEpcPayload({ ...open, PAYMENTMETHOD_ID: 1 }, organiser)).toBeNull();
    expect(subscriptionEpcPayload({ ...open, SUBSCRIPTION_CANCELLED: true }, organiser)).toBeNull();
  });
});
