import { and, eq, inArray } from 'drizzle-orm';
import { EMBEDDED_WORK_CONNECTIONS, POSTGRES_FAMILY_CONNECTIONS, type Executor } from '../../db/client.js';
import { gate } from '../../lib/gate.js';
import { children } from '../../db/schema.js';
import { publicCalls } from '@common/contract/public.js';
import { callRoutes } from '../../lib/calls.js';
import { AppError, databaseUnavailable } from '../../lib/errors.js';
import { settingsDefaults } from '../../lib/settings.js';
import * as accounts from './accounts.js';
import { book, bookedAnswer, CampFull, getMyBookings, refuseWhenFull } from './booking.js';
import { getFamily, saveChild, saveParent } from './family.js';
import { publicMessages } from './messages.js';
import { cancelBooking } from './cancel.js';
import { currentFamily, familyParentId } from './family.js';
import * as waiting from '../../domain/waiting-list.js';
import { bookingAnswers } from './booking.js';
import { familyAttestFile } from './attests.js';
import { exportMyData } from './export.js';
import { requestChildCorrection } from './family.js';

/** How long after the last family that had to wait for its booking's turn the mail is still held back. */
const MAIL_HOLD_AFTER_WAIT_MS = 5000;

/** The parents' public booking site (issue 40): its calls under /api/public/. */
export default callRoutes(publicCalls, (app) => {
  // The families' own lane to the database: a rush of them never queues ahead of the office (client.ts, familyDb).
  const db = () => app.database.familyDb;
  const deps = (): accounts.AccountDeps => ({
    db: db(),
    clock: app.clock,
    auth: app.authSettings,
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
  });
  const waitingDeps = (): waiting.WaitingDeps => ({
    db: db(),
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
    clock: app.clock,
  });
  // Under a rush (issue 37) no more bookings at once than the families' lane has connections, less the counts' and
  // one left for the families' sessions and answers: the others wait in this gate, in arrival order, holding no
  // connection, instead of in the pool's queue. More at once would not book faster (the database does the work), it
  // would only make everyone wait as long (docs/decisions.md, issue 37).
  const bookings = gate(app.database.kind === 'postgres' ? POSTGRES_FAMILY_CONNECTIONS - 3 : EMBEDDED_WORK_CONNECTIONS - 2);
  // While families wait in that line, and until none had to for MAIL_HOLD_AFTER_WAIT_MS, mail waits (the confirmations
  // follow the rush): sending a mail takes this process's thread for its QR code, its SMTP conversation and a
  // statement, time the bookings and staff's calls need (docs/decisions.md, issue 37).
  app.mailRelay.holdWhile(() => bookings.waitedWithin(MAIL_HOLD_AFTER_WAIT_MS));
  // Before it, the cheap refusal of a full camp (refuseWhenFull) on places of its own: 2 connections (1 embedded).
  const counts = gate(app.database.kind === 'postgres' ? 2 : 1);
  // The camps this process told a family were full. Only a basket naming one of them is counted before its turn: in
  // the first seconds of a rush no camp is full, and a count for every press (on the 2 places above) only made the
  // bookings wait. A camp that filled meanwhile is refused once at its lock, and counted from then on; a count that
  // finds a seat freed lets the basket book, so a camp stays in here (a count too many is all it costs).
  const fullCamps = new Set<number>();
  const toldFull = (error: unknown) => {
    if (error instanceof CampFull) fullCamps.add(error.campId);
    throw error;
  };
  // book writes its Idempotency-Key in its own transaction (plugins/idempotency.ts, keyInTransaction; issue 37).
  app.addHook('onRoute', (route) => {
    if (route.config?.callName === 'book') route.config = { ...route.config, keyInTransaction: true };
  });
  return {
    getPublicCamps: async (request) => app.publicCamps(request.query.campYear),
    signUp: async (request) => accounts.signUp(deps(), request.body, request.ip),
    signIn: async (request) => accounts.signIn(deps(), request.body.email, request.body.password, request.ip),
    requestSignInLink: async (request) => accounts.requestSignInLink(deps(), request.body.email, request.ip),
    signInWithLink: async (request) => accounts.signInWithLink(deps(), request.body.token, request.ip),
    confirmEmail: async (request) => {
      const family = currentFamily(request);
      await accounts.confirmEmail(deps(), family, request.body.token);
      return getFamily(db(), family);
    },
    signOut: async (request) => {
      await accounts.signOut(db(), currentFamily(request).sessionId);
      return { signedOut: true as const };
    },
    getFamily: async (request) => getFamily(db(), currentFamily(request)),
    saveParent: async (request) => saveParent(db(), currentFamily(request), request.body),
    saveChild: async (request) => saveChild(db(), currentFamily(request), request.body),
    book: async (request, reply) => {
      // A double tap or a retry books once: the key is required here (plugins/idempotency.ts keeps the answer).
      if (!request.headers['idempotency-key']) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', publicMessages.idempotencyKeyRequired);
      const family = currentFamily(request);
      // A press nobody waits for any more (the client closed its connection) is not counted or booked when its turn
      // comes: a 5xx, which the Idempotency-Key does not keep, so the family's retry with the same key books as a first
      // press. That retry takes the place its first press still has in the line (the same key and request).
      const claim = request.idempotencyClaim;
      const abandoned = {
        is: () => request.raw.socket.destroyed,
        gone: databaseUnavailable,
        key: claim ? `${claim.owner.id} ${claim.key} ${claim.requestHash}` : undefined,
      };
      const count = () => refuseWhenFull(deps(), family, request.body, app.clock.now(), claim).catch(toldFull);
      const mayBeFull = () => request.body.items.some((item) => fullCamps.has(item.CAMP_ID));
      // The count is skipped by a retry whose first press still has its place among the bookings: it keeps that place.
      if (mayBeFull() && !bookings.holds(abandoned.key)) await counts.run(count, abandoned);
      const booked = await bookings.run(async (waited) => {
        // A camp that filled while the press waited for its turn is refused by the count again, not at its lock.
        if (waited && mayBeFull()) await count();
        return book(deps(), family, request.body, app.clock.now(), claim).catch(toldFull);
      }, abandoned);
      if (booked.replayed) void reply.header('idempotent-replayed', 'true');
      return bookedAnswer(deps(), booked);
    },
    cancelBooking: async (request) => cancelBooking(waitingDeps(), currentFamily(request), request.body),
    joinWaitingList: async (request) => {
      const family = currentFamily(request);
      return waiting.inWaitingList(waitingDeps(), null, async (ctx) => {
        const parentId = await familyParentId(ctx.tx, family);
        const own = await ownChildren(ctx.tx, parentId, request.body.CHILD_IDS);
        if (!own) throw new AppError('NOT_FOUND', publicMessages.childNotFound);
        return waiting.joinWaitingList(ctx, { parentId, childIds: request.body.CHILD_IDS, campId: request.body.CAMP_ID });
      });
    },
    leaveWaitingList: async (request) =>
      waiting.leaveWaitingList(waitingDeps(), await familyParentId(db(), currentFamily(request)), request.body.WAITING_ID),
    getMyWaitingList: async (request) => waiting.getMyWaitingList(db(), await familyParentId(db(), currentFamily(request))),
    acceptOffer: async (request) => {
      const parentId = await familyParentId(db(), currentFamily(request));
      const ids = await waiting.acceptOffer(waitingDeps(), parentId, { token: request.body.offerToken });
      return bookingAnswers(db(), settingsDefaults(app.config), ids);
    },
    acceptMyOffer: async (request) => {
      const parentId = await familyParentId(db(), currentFamily(request));
      const ids = await waiting.acceptOffer(waitingDeps(), parentId, { waitingId: request.body.WAITING_ID, parentId });
      return bookingAnswers(db(), settingsDefaults(app.config), ids);
    },
    getOffer: async (request) => waiting.getOffer(db(), app.clock.now(), request.query.offerToken),
    declineOffer: async (request) => waiting.declineOffer(waitingDeps(), { token: request.body.offerToken }),
    declineMyOffer: async (request) => {
      const parentId = await familyParentId(db(), currentFamily(request));
      return waiting.declineOffer(waitingDeps(), { waitingId: request.body.WAITING_ID, parentId });
    },
    getMyBookings: async (request) => getMyBookings(db(), settingsDefaults(app.config), currentFamily(request), app.clock.now()),
    getAttestPdf: async (request) =>
      familyAttestFile(
        db(),
        { settingsDefaults: settingsDefaults(app.config), now: () => app.clock.now() },
        currentFamily(request),
        request.query,
      ),
    exportMyData: async (request) => exportMyData(db(), currentFamily(request), app.clock.now()),
    requestChildCorrection: async (request) => requestChildCorrection(waitingDeps(), currentFamily(request), request.body),
  };
});

/** Whether every one of these children is the family's own. */
async function ownChildren(tx: Executor, parentId: number, childIds: number[]): Promise<boolean> {
  const found = await tx
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.parentId, parentId), inArray(children.id, childIds)));
  return found.length === new Set(childIds).size;
}
