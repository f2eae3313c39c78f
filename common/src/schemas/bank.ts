import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idField, requiredText } from './fields.js';

/** Bank reconciliation: statement imports, the queue 'Te koppelen' and the payments of a subscription. */

export const PAYMENT_SOURCES = ['bank', 'paymentComplete', 'cash', 'refund'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const paymentSourceLabels: Record<PaymentSource, string> = {
  bank: 'Rekeninguittreksel',
  paymentComplete: 'Bedragen gelijk zetten',
  cash: 'Contante betaling',
  refund: 'Terugbetaling',
};

export const QUEUE_REASONS = ['no-match', 'cancelled', 'deleted'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];
export const queueReasonLabels: Record<QueueReason, string> = {
  'no-match': 'Geen inschrijving gevonden',
  cancelled: 'Inschrijving geannuleerd: terug te storten?',
  deleted: 'Inschrijving verwijderd: terug te storten?',
};

/** What one imported file did (the answer of importBankStatements, one per file). */
export const importResult = z.object({
  importId: z.number().int(),
  fileName: z.string(),
  format: z.enum(['coda', 'camt053']),
  /** Each statement read; `currency` (imports since issue 32) is the account's: movements in another currency than euro are not booked. */
  statements: z.array(
    z.object({ account: z.string(), date: z.string(), sequence: z.string(), movements: z.number().int(), currency: z.string().optional() }),
  ),
  movements: z.number().int(),
  matched: z.number().int(),
  alreadyImported: z.number().int(),
  unmatched: z.number().int(),
  ignoredDebits: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

export const bankImport = importResult.extend({
  createdAt: z.string(),
  adminEmail: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Whether undoBankImport would be accepted now. */
  canUndo: z.boolean(),
});
export type BankImport = z.infer<typeof bankImport>;

export const paymentRecord = z.object({
  paymentId: z.number().int(),
  source: z.enum(PAYMENT_SOURCES),
  state: z.enum(['booked', 'unmatched', 'ignored']),
  subscriptionId: z.number().int().nullable(),
  subscriptionReference: z.string().nullable(),
  childName: z.string().nullable(),
  /** Euro. */
  amount: z.number(),
  valueDate: z.string().nullable(),
  accountNr: z.string().nullable(),
  payerName: z.string().nullable(),
  communication: z.string().nullable(),
  structuredCommunication: z.string().nullable(),
  importId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  statementDate: z.string().nullable(),
  statementSequence: z.string().nullable(),
  queueReason: z.enum(QUEUE_REASONS).nullable(),
  hintReference: z.string().nullable(),
  ignoreReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const paymentsQuery = z.object({ subscriptionId: idField });
export const unmatchedPaymentsQuery = z.object({ state: z.enum(['unmatched', 'ignored']).optional() });

export const assignPaymentPayload = z.object({ paymentId: idField, subscriptionId: idField });
export type AssignPaymentPayload = z.infer<typeof assignPaymentPayload>;

/**
 * 'Koppelen' (issue 39): a subscription of an open camp year found by the child's or the parent's name, e-mail or phone,
 * the reference or the OGM; at least 2 characters, as every search.
 */
export const assignableSubscriptionsQuery = z.object({
  search: z.string({ error: m.required }).trim().min(2, m.tooShort).max(100, m.tooLong),
});

/** A subscription a credit can be booked on, named as staff recognise it: child, parent, camp and year, money. */
export const assignableSubscription = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  /** 'theme - location | period', as the overview names a camp. */
  CAMP_NAME: z.string(),
  CAMP_YEAR: z.number(),
  SUBSCRIPTION_SALDO: z.number(),
  SUBSCRIPTION_CANCELLED: z.boolean(),
});
export type AssignableSubscription = z.infer<typeof assignableSubscription>;

/** At most `MAX_ASSIGNABLE` of the matches, and how many there are. */
export const assignableSubscriptionsAnswer = z.object({ SUBSCRIPTIONS: z.array(assignableSubscription), TOTAL: z.number() });
export type AssignableSubscriptionsAnswer = z.infer<typeof assignableSubscriptionsAnswer>;
export const MAX_ASSIGNABLE = 20;

export const ignorePaymentPayload = z.object({ paymentId: idField, reason: requiredText(2, 200) });
export type IgnorePaymentPayload = z.infer<typeof ignorePaymentPayload>;

export const paymentIdPayload = z.object({ paymentId: idField });
export const undoBankImportPayload = z.object({ importId: idField });

export const bankMessages = {
  notCoda: 'Dit is geen geldig CODA-bestand',
  notCamt: 'Dit is geen geldig CAMT.053-bestand',
  badFileName: 'De bestandsnaam bevat een controleteken (zoals een NUL-byte). Geef het bestand een gewone naam en probeer opnieuw.',
  noFiles: 'Kies een of meer CODA-bestanden (.cod, .txt), CAMT.053-bestanden (.xml) of een .zip ervan.',
  tooLarge: 'Het bestand is te groot (meer dan 20 MB).',
  tooManyFiles: 'Te veel bestanden in één keer (meer dan 20).',
  paymentNotFound: 'Betaling niet gevonden',
  importNotFound: 'Import niet gevonden',
  notQueued: 'Deze betaling staat niet in de lijst Te koppelen.',
  notHandled: 'Deze betaling is niet toegewezen of genegeerd.',
  importUndone: 'Deze import is al ongedaan gemaakt.',
  importChangedByHand: 'Deze import kan niet meer ongedaan gemaakt worden: een van zijn betalingen werd sindsdien met de hand gewijzigd.',
  importFailed: 'Importeren mislukt, probeer opnieuw.',
} as const;
