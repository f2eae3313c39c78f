import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { card } from '../helpers/page.js';
import { decodeQrPng } from '../helpers/qr.js';
import { startSmtpServer } from '../helpers/smtp.js';

/** The screens of the money follow-up (issue 19): payment QR code, open payments and reminders, refunds, mail schedules. */
describe('money follow-up in Chromium', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: BrowserSession;
  let campId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    session = await startBrowserSession({ subscriptionsPerYear: 5, env: { SMTP_URL: smtp.url } });
    campId = await createCamp(session.t.db, { periodId: await createPeriod(session.t.db, { name: 'Geldweek' }) });
  });
  afterAll(async () => {
    await session?.close();
    await smtp?.close();
  });

  const dataUrlBytes = (src: string | null) => Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64');

  it("shows the payment QR code of the amount open on a transfer subscription's financial card, and none for cash", async () => {
    const transfer = await createSubscription(session.t.db, { campId, priceCents: 15000, paidAmountCents: 5000 });
    const cash = await createSubscription(session.t.db, { campId, paymentMethodId: PAYMENT_METHOD.cash });
    const page = await session.newPage();
    await page.goto(`/subscription-detail/${transfer.subscriptionId}`);
    const financial = card(page, 'Financieel');
    const image = financial.getByRole('img', { name: /^Betaal-QR-code/ });
    await image.waitFor();
    expect(await image.getAttribute('alt')).toBe(`Betaal-QR-code: € 100,00 met mededeling ${transfer.ogm}`);
    // Decoded as a banking app reads it: an EPC 'SEPA credit transfer' payload for € 100 and the OGM.
    const decoded = decodeQrPng(dataUrlBytes(await image.getAttribute('src'))).data.split('\n');
    expect(decoded.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(decoded).toContain('EUR100.00');
    expect(decoded).toContain(transfer.ogm.replace(/\D/g, ''));
    await expectNoSeriousAxeViolations(page, 'subscription detail with payment QR code');

    // The cash subscription asks for no transfer: once the card has its answer, it shows no code.
    const answered = page.waitForResponse((r) => r.url().includes(`/api/getPaymentQrCode?subscriptionId=${cash.subscriptionId}`));
    await page.goto(`/subscription-detail/${cash.subscriptionId}`);
    expect((await (await answered).json()).data).toEqual([]);
    await card(page, 'Financieel').getByText('Gestructureerde mededeling').waitFor();
    expect(
      await card(page, 'Financieel')
        .getByRole('img', { name: /^Betaal-QR-code/ })
        .count(),
    ).toBe(0);
  });
});
