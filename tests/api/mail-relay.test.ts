import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { mailOutbox } from '../../server/src/db/schema.js';
import { MAIL_CONNECTIONS } from '../../server/src/mail/mailer.js';
import { createMailRelay, type RelaySettings } from '../../server/src/mail/relay.js';
import { createMailer } from '../../server/src/mail/mailer.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createSubscription } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';

type Behaviour = 'hang' | 'trickle' | 'relay';

/**
 * An SMTP address whose behaviour a test switches: 'hang' accepts and says nothing, 'trickle' greets and
 * then answers EHLO one byte every 200 ms without ever ending the line, 'relay' passes the connection on
 * to a real SMTP server. It counts the connections it still holds open.
 */
async function startMisbehavingSmtp(realPort: number) {
  const state = { behaviour: 'relay' as Behaviour, open: 0, accepted: 0 };
  const server = net.createServer((socket) => {
    state.open++;
    state.accepted++;
    socket.on('close', () => state.open--);
    socket.on('error', () => undefined);
    if (state.behaviour === 'relay') {
      const upstream = net.connect(realPort, '127.0.0.1');
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
      socket.on('close', () => upstream.destroy());
    } else if (state.behaviour === 'trickle') {
      socket.write('220 trickle.example ESMTP\r\n');
      socket.once('data', () => {
        const drip = setInterval(() => (socket.writable ? socket.write('2') : clearInterval(drip)), 200);
        socket.on('close', () => clearInterval(drip));
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(backends)('the mail relay on %s', (backend) => {
  let real: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtp: Awaited<ReturnType<typeof startMisbehavingSmtp>>;
  let t: TestApp;
  let clock: ControlledClock;
  const realOptions = { refuse: false };
  beforeAll(async () => {
    real = await startSmtpServer(realOptions);
    smtp = await startMisbehavingSmtp(Number(new URL(real.url).port));
    clock = controlledClock();
    t = await startTestApp(backend, {
      seed: 'none',
      clock,
      env: {
        SMTP_URL: smtp.url,
        MAIL_DEADLINE_SECONDS: '4',
        MAIL_MAX_ATTEMPTS: '4',
        MAIL_RETRY_BASE_SECONDS: '60',
        MAIL_RETRY_MAX_SECONDS: '150',
        MAIL_POLL_SECONDS: '3600',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await real?.close();
  });

  const mailOf = async (subscriptionId: number) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, subscriptionId)))[0]!;
  const cancelFresh = async (email: string) => {
    const made = await createSubscription(t.db, { parentEmail: email });
    const answer = await t.api.cancelSubscription({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(answer.status).toBe(200);
    return made.subscriptionId;
  };

  for (const behaviour of ['hang', 'trickle'] as const) {
    it(`a server that ${behaviour === 'hang' ? 'never greets' : 'greets, then trickles a byte at a time'}: the call answers at its commit, the mail fails within the deadline and its socket is closed`, async () => {
      smtp.state.behaviour = behaviour;
      const id = await cancelFresh(`${behaviour}.${backend}@voorbeeld.be`);
      // The call has answered while the relay still waits on the server.
      expect(await mailOf(id)).toMatchObject({ status: 'outbox', sentAt: null });
      await t.app.mailRelay.runOnce();
      expect(await mailOf(id)).toMatchObject({ status: 'outbox', attempts: 1, error: 'geen antwoord binnen 4 s' });
      await expect.poll(() => smtp.state.open).toBe(0);
      smtp.state.behaviour = 'relay';
      // Out of the way of the next tests' retries.
      await t.db.delete(mailOutbox).where(eq(mailOutbox.subscriptionId, id));
    });
  }

  it('retries with capped backoff by the clock, gives up after the last attempt, and sends again on Opnieuw versturen', async () => {
    realOptions.refuse = true;
    const id = await cancelFresh(`retry.${backend}@voorbeeld.be`);
    await t.app.mailRelay.runOnce();
    const waits: number[] = [];
    for (let attempt = 1; attempt < 4; attempt++) {
      const mail = await mailOf(id);
      expect(mail).toMatchObject({ status: 'outbox', attempts: attempt });
      const wait = Date.parse(mail.nextAttemptAt!) - clock.now().getTime();
      waits.push(wait);
      // Not due yet: nothing is sent a second early.
      clock.advance(wait - 1000);
      await t.app.mailRelay.runOnce();
      expect((await mailOf(id)).attempts).toBe(attempt);
      clock.advance(1000);
      await t.app.mailRelay.runOnce();
    }
    expect(waits).toEqual([60_000, 120_000, 150_000]);
    const failed = await mailOf(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 4 });
    expect(failed.error).toContain('unavailable');
    const listed = await t.api.getFailedMails();
    expect(listed.body.data).toEqual([expect.objectContaining({ MAIL_ID: failed.id, SUBSCRIPTION_ID: id, MAIL_STATUS: 'failed' })]);

    realOptions.refuse = false;
    const retried = await t.api.retryMail({ MAIL_ID: failed.id });
    // The old failure is history (in the audit entry): the log shows a failure again only when a new attempt fails (issue 39).
    expect(retried.body.data).toMatchObject({ MAIL_STATUS: 'outbox', MAIL_ATTEMPTS: 0, MAIL_ERROR: null });
    await t.app.mailRelay.runOnce();
    expect(await mailOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(real.received.filter((m) => m.envelopeTo.includes(`retry.${backend}@voorbeeld.be`))).toHaveLength(1);
    expect((await t.api.getFailedMails()).body.data).toEqual([]);
    expect((await t.api.retryMail({ MAIL_ID: failed.id })).status).toBe(409);
    const log = await t.api.getMails({ subscriptionId: id });
    expect(log.body.data).toEqual([
      expect.objectContaining({ MAIL_TEMPLATE_ID: 'annulatie', MAIL_RECIPIENT: `retry.${backend}@voorbeeld.be`, MAIL_STATUS: 'sent' }),
    ]);
  });

  it('a refused connection counts as a failed attempt', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await cancelFresh(`refused.${backend}@voorbeeld.be`);
    await t.app.mailRelay.runOnce(); // sent by the app's relay, so stop it from counting: make it pending again
    await t.db.update(mailOutbox).set({ status: 'outbox', attempts: 0, sentAt: null }).where(eq(mailOutbox.subscriptionId, id));
    const relay = createMailRelay({
      db: () => t.db,
      mailer: createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` })),
      sender: async () => 'Kampbeheer <no-reply@kampbeheer.local>',
      log: t.app.log,
      clock,
      settings: { deadlineMs: 4000, maxAttempts: 4, retryBaseMs: 60_000, retryMaxMs: 150_000, pollMs: 3_600_000 } satisfies RelaySettings,
    });
    await relay.runOnce();
    expect((await mailOf(id)).error).toContain('ECONNREFUSED');
  });

  it('two relays on one database send each of 20 mails exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await createSubscription(t.db, { parentEmail: `twee.${i}.${backend}@voorbeeld.be` })).subscriptionId);
    for (const id of ids) await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: id });
    const second = createMailRelay({
      db: () => t.db,
      mailer: t.app.mailer,
      sender: async () => 'Kampbeheer <no-reply@kampbeheer.local>',
      log: t.app.log,
      clock,
      settings: { deadlineMs: 5000, maxAttempts: 4, retryBaseMs: 60_000, retryMaxMs: 150_000, pollMs: 3_600_000 },
    });
    await Promise.all([t.app.mailRelay.runOnce(), second.runOnce()]);
    const received = real.received.filter((m) => m.envelopeTo[0]?.startsWith('twee.'));
    expect(received).toHaveLength(20);
    expect(new Set(received.map((m) => m.envelopeTo[0])).size).toBe(20);
  });

  it('sends a run of mails over at most MAIL_CONNECTIONS connections, kept open from one mail to the next', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3 * MAIL_CONNECTIONS; i++)
      ids.push((await createSubscription(t.db, { parentEmail: `reeks.${i}.${backend}@voorbeeld.be` })).subscriptionId);
    for (const id of ids) await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: id });
    const accepted = smtp.state.accepted;
    await t.app.mailRelay.runOnce();
    expect(real.received.filter((m) => m.envelopeTo[0]?.startsWith('reeks.'))).toHaveLength(3 * MAIL_CONNECTIONS);
    expect(smtp.state.accepted - accepted).toBeLessThanOrEqual(MAIL_CONNECTIONS);
  });
});
