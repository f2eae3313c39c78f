import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { privacyMessages } from '@common/schemas/privacy.js';
import type { Executor } from '../db/client.js';
import {
  admins,
  agegroups,
  attendance,
  auditLog,
  camps,
  children,
  deletedSubscriptions,
  familyAccounts,
  fiscalAttestChildren,
  fiscalAttests,
  locations,
  lunchPreferences,
  mailOutbox,
  parents,
  paymentMethods,
  paymentReminders,
  payments,
  periods,
  safetySheets,
  subscriptionDiscounts,
  subscriptions,
  themes,
  waitingEntries,
  waitingOffers,
} from '../db/schema.js';
import { maskNationalNumber } from '@common/identity-numbers.js';
import { AppError } from '../lib/errors.js';

/**
 * Everything the product stores about one family, as it is stored: what an access request (GDPR art. 15) hands over,
 * to staff (exportFamilyData) and to the family itself (exportMyData, issue 34): the register's family tables
 * (register.ts), sessions, links and password hash aside.
 */
export async function readFamily(db: Executor, parentId: number) {
  const [parent] = await db.select().from(parents).where(eq(parents.id, parentId));
  if (!parent) throw new AppError('NOT_FOUND', privacyMessages.parentNotFound);
  const kids = await db.select().from(children).where(eq(children.parentId, parentId)).orderBy(asc(children.id));
  const childIds = kids.map((c) => c.id);
  const subscriptionRows =
    childIds.length === 0
      ? []
      : await db
          .select({
            subscription: subscriptions,
            paymentMethod: paymentMethods.description,
            lunchPreference: lunchPreferences.description,
            camp: {
              id: camps.id,
              theme: themes.name,
              location: locations.name,
              period: periods.name,
              startDate: periods.startDate,
              endDate: periods.endDate,
              agegroup: agegroups.name,
              cancellationFeeCents: camps.cancellationFeeCents,
            },
          })
          .from(subscriptions)
          .innerJoin(camps, eq(camps.id, subscriptions.campId))
          .innerJoin(themes, eq(themes.id, camps.themeId))
          .innerJoin(locations, eq(locations.id, camps.locationId))
          .innerJoin(periods, eq(periods.id, camps.periodId))
          .innerJoin(agegroups, eq(agegroups.id, camps.agegroupId))
          .innerJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
          .leftJoin(lunchPreferences, eq(lunchPreferences.id, subscriptions.lunchPreferenceId))
          .where(inArray(subscriptions.childId, childIds))
          .orderBy(asc(periods.startDate), asc(subscriptions.id));
  const subscriptionIds = subscriptionRows.map((r) => r.subscription.id);
  const ids = subscriptionIds.length > 0 ? subscriptionIds : [0];
  const [discounts, days, paid, mails] = await Promise.all([
    db
      .select()
      .from(subscriptionDiscounts)
      .where(inArray(subscriptionDiscounts.subscriptionId, ids))
      .orderBy(asc(subscriptionDiscounts.id)),
    db.select().from(attendance).where(inArray(attendance.subscriptionId, ids)).orderBy(asc(attendance.day)),
    db.select().from(payments).where(inArray(payments.subscriptionId, ids)).orderBy(asc(payments.id)),
    db
      .select()
      .from(mailOutbox)
      .where(or(inArray(mailOutbox.subscriptionId, ids), sql`lower(${mailOutbox.recipient}) = lower(${parent.email})`))
      .orderBy(asc(mailOutbox.id)),
  ]);
  const kidIds = childIds.length > 0 ? childIds : [0];
  const [account, waiting, trashed, reminders, attestNumbers, attestFacts, sheets] = await Promise.all([
    // The account on the public booking site: its address and when it was made and confirmed; never its password's hash.
    db
      .select({ email: familyAccounts.email, emailConfirmedAt: familyAccounts.emailConfirmedAt, createdAt: familyAccounts.createdAt })
      .from(familyAccounts)
      .where(eq(familyAccounts.parentId, parentId)),
    db
      .select({
        id: waitingEntries.id,
        childId: waitingEntries.childId,
        campId: waitingEntries.campId,
        camp: sql<string>`(select th.name || ' - ' || l.name || ' - ' || p.name from camps c join themes th on th.id = c.theme_id
                            join locations l on l.id = c.location_id join periods p on p.id = c.period_id where c.id = ${waitingEntries.campId})`,
        state: waitingEntries.state,
        position: waitingEntries.position,
        createdAt: waitingEntries.createdAt,
        offerExpiresAt: waitingOffers.expiresAt,
        subscriptionId: waitingEntries.subscriptionId,
      })
      .from(waitingEntries)
      .leftJoin(waitingOffers, eq(waitingOffers.id, waitingEntries.offerId))
      .where(eq(waitingEntries.parentId, parentId))
      .orderBy(asc(waitingEntries.id)),
    db.select().from(deletedSubscriptions).where(inArray(deletedSubscriptions.childId, kidIds)),
    db
      .select({ subscriptionId: paymentReminders.subscriptionId, sentAt: paymentReminders.sentAt })
      .from(paymentReminders)
      .where(inArray(paymentReminders.subscriptionId, ids))
      .orderBy(asc(paymentReminders.id)),
    db
      .select({
        year: fiscalAttests.year,
        number: fiscalAttests.number,
        childId: fiscalAttests.childId,
        declaredAt: fiscalAttests.declaredAt,
      })
      .from(fiscalAttests)
      .where(inArray(fiscalAttests.childId, kidIds))
      .orderBy(asc(fiscalAttests.year), asc(fiscalAttests.number)),
    db.select().from(fiscalAttestChildren).where(inArray(fiscalAttestChildren.childId, kidIds)),
    // The children's safety sheets (issue 35): health data the family gave, its own to have back.
    db
      .select({
        childId: safetySheets.childId,
        sheet: safetySheets.sheet,
        keepInAccount: safetySheets.keepInAccount,
        photoConsentOn: safetySheets.photoConsentOn,
        updatedAt: safetySheets.updatedAt,
        updatedBy: safetySheets.updatedBy,
      })
      .from(safetySheets)
      .where(inArray(safetySheets.childId, kidIds)),
  ]);
  const textIds = ids.map(String);
  const audit = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      // Who at the organiser, by role: staff's e-mail addresses are not the family's data.
      userRole: admins.role,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(
      or(
        and(eq(auditLog.entity, 'parent'), eq(auditLog.entityId, parentId)),
        and(eq(auditLog.entity, 'subscriber'), inArray(auditLog.entityId, kidIds)),
        // Who read or saved a child's safety sheet, and when (never what it says: the log holds no answers).
        and(eq(auditLog.entity, 'safetySheet'), inArray(auditLog.entityId, kidIds)),
        and(eq(auditLog.entity, 'subscription'), inArray(auditLog.entityId, ids)),
        and(
          eq(auditLog.entity, 'payment'),
          or(inArray(sql`${auditLog.before}->>'subscriptionId'`, textIds), inArray(sql`${auditLog.after}->>'subscriptionId'`, textIds)),
        ),
      ),
    )
    .orderBy(asc(auditLog.id));
  return {
    parent,
    children: kids.map((child) => ({
      ...child,
      safetySheet: sheets.find((sheet) => sheet.childId === child.id) ?? null,
      subscriptions: subscriptionRows
        .filter((r) => r.subscription.childId === child.id)
        .map(({ subscription, camp, paymentMethod, lunchPreference }) => ({
          ...subscription,
          paymentMethod,
          lunchPreference,
          camp,
          discounts: discounts.filter((d) => d.subscriptionId === subscription.id),
          attendance: days.filter((d) => d.subscriptionId === subscription.id),
          payments: paid.filter((p) => p.subscriptionId === subscription.id),
        })),
    })),
    familyAccount: account[0] ?? null,
    waitingList: waiting,
    deletedSubscriptions: trashed,
    paymentReminders: reminders,
    fiscalAttests: attestNumbers,
    // Who else pays a child's camps, as staff set it for the fiscal attest: another person's national number stays masked.
    fiscalAttestFacts: attestFacts.map((f) => ({
      ...f,
      debtors: f.debtors?.map((d) => ({ ...d, nationalNumber: d.nationalNumber ? maskNationalNumber(d.nationalNumber) : null })) ?? null,
    })),
    mails,
    auditEntries: audit,
  };
}
export type FamilyData = Awaited<ReturnType<typeof readFamily>>;
