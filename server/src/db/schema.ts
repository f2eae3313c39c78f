import { sql } from 'drizzle-orm';
import { roles } from '../../../common/src/roles.js';
import { SUBSCRIPTION_SOURCES } from '../../../common/src/subscription-source.js';
import type { AttestDebtor } from '../../../common/src/fiscal-attests.js';
import { VOLUNTEER_KINDS, type VolunteerCapsCents } from '../../../common/src/volunteer-allowance.js';
import type { SafetyLevels, SafetySheetData } from '../../../common/src/safety-sheet.js';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/**
 * The version of a record staff edit in a form (docs/decisions.md, 'Stale and lost data'): 1 when made, one
 * more with every save of its form. A save names the version it was made from and is refused over a newer one.
 */
const version = () => integer('version').notNull().default(1);

export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameShort: text('name_short').notNull(),
  address: text('address'),
  allowBookingFrom: timestamp('allow_booking_from', { withTimezone: true, mode: 'string' }),
  allowBookingInfo: text('allow_booking_info'),
});

export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameShort: text('name_short').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
});

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  version: version(),
});

/** An age group suggests the birth years of a new camp: from camp year − max age to camp year − min age. */
export const agegroups = pgTable('agegroups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
});

export const lunchPreferences = pgTable('lunch_preferences', {
  id: serial('id').primaryKey(),
  description: text('description').notNull(),
});

export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey(),
  description: text('description').notNull(),
});

export const mailTemplates = pgTable('mail_templates', {
  id: text('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
});

/**
 * The organiser's settings (issue 17): one row, id 1, written the first time staff save them; until
 * then the environment's values apply (server/src/lib/settings.ts).
 */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  organiserName: text('organiser_name').notNull(),
  organiserAddress: text('organiser_address'),
  organiserCompanyNumber: text('organiser_company_number'),
  organiserBelcotaxReference: text('organiser_belcotax_reference'),
  organiserIban: text('organiser_iban').notNull(),
  organiserBic: text('organiser_bic'),
  mailFrom: text('mail_from').notNull(),
  publicSiteUrl: text('public_site_url').notNull(),
  certifyingAuthority: text('certifying_authority'),
  signatoryName: text('signatory_name'),
  signatoryCapacity: text('signatory_capacity'),
  signatureImage: text('signature_image'),
  /** The organiser's logo (a PNG or JPEG data URL), shown in the public site's header. */
  organiserLogo: text('organiser_logo'),
  /** Fiscal attests (issue 16): who recognises the organiser (Belcotax code 1–4; null: nobody, so no fiscal attests). */
  recognitionCode: text('recognition_code', { enum: ['1', '2', '3', '4'] }),
  certifyingAuthorityAddress: text('certifying_authority_address'),
  certifyingAuthorityCompanyNumber: text('certifying_authority_company_number'),
  /** The daily maximum the tax administration applies, per income year, in cents ({ "2023": 1570 }); printed on the attest. */
  fiscalDailyMaximums: jsonb('fiscal_daily_maximums').$type<Record<string, number>>().notNull().default({}),
  /** Payment reminders (issue 19): no second one within this many days, and no more than this many. */
  reminderIntervalDays: integer('reminder_interval_days').notNull().default(7),
  reminderMaxCount: integer('reminder_max_count').notNull().default(3),
  /** The Belcotax-on-web sender's contact (issue 32): zones v0021 (name), v0018 (phone) and v0023 (mail address). */
  belcotaxContactName: text('belcotax_contact_name'),
  belcotaxContactPhone: text('belcotax_contact_phone'),
  belcotaxContactEmail: text('belcotax_contact_email'),
  /** The volunteer allowance caps staff set (issue 36), per year and kind of volunteer, in cents; unset years use the defaults. */
  volunteerDailyCaps: jsonb('volunteer_daily_caps').$type<VolunteerCapsCents>().notNull().default({}),
  volunteerYearlyCaps: jsonb('volunteer_yearly_caps').$type<VolunteerCapsCents>().notNull().default({}),
  /** The waiting list (issue 34): how long an offered seat is held for the family. */
  waitingOfferHours: integer('waiting_offer_hours').notNull().default(48),
  /** A family cancels a booking itself until this many days before the camp starts (issue 34). */
  familyCancelCutoffDays: integer('family_cancel_cutoff_days').notNull().default(14),
});

export const camps = pgTable(
  'camps',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id),
    agegroupId: integer('agegroup_id')
      .notNull()
      .references(() => agegroups.id),
    minBirthyear: integer('min_birthyear').notNull(),
    maxBirthyear: integer('max_birthyear').notNull(),
    priceCents: integer('price_cents').notNull(),
    seatsAvailable: integer('seats_available').notNull(),
    closed: boolean('closed').notNull().default(false),
    allowBookingFrom: timestamp('allow_booking_from', { withTimezone: true, mode: 'string' }),
    allowBookingInfo: text('allow_booking_info'),
    activeDays: text('active_days').notNull().default(''),
    discountAllowed: boolean('discount_allowed').notNull().default(false),
    discountSelectedDaysAllowed: boolean('discount_selected_days_allowed').notNull().default(false),
    flexibleBookingAllowed: boolean('flexible_booking_allowed').notNull().default(false),
    minimumContiguousDays: integer('minimum_contiguous_days').notNull().default(0),
    minimumRequiredDays: integer('minimum_required_days').notNull().default(0),
    maximumAllowedDays: integer('maximum_allowed_days').notNull().default(0),
    reductionToEarnCents: integer('reduction_to_earn_cents').notNull().default(0),
    fiscalMaxReductionCents: integer('fiscal_max_reduction_cents').notNull().default(0),
    remark: text('remark'),
    emailTemplateConfirm: text('email_template_confirm')
      .notNull()
      .references(() => mailTemplates.id),
    emailTemplateCancel: text('email_template_cancel')
      .notNull()
      .references(() => mailTemplates.id),
    emailTemplateConvertCash: text('email_template_convert_cash')
      .notNull()
      .references(() => mailTemplates.id),
    emailTemplateConvertBankTransfer: text('email_template_convert_bank_transfer')
      .notNull()
      .references(() => mailTemplates.id),
    /** Kept from the paid amount when a cancelled subscription is refunded (issue 19); 0 by default. */
    cancellationFeeCents: integer('cancellation_fee_cents').notNull().default(0),
    version: version(),
  },
  (t) => [index('camps_period_idx').on(t.periodId)],
);

export const parents = pgTable('parents', {
  id: serial('id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  street: text('street').notNull(),
  housenr: text('housenr').notNull(),
  postalcode: text('postalcode').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  phone2: text('phone2').notNull().default(''),
  email: text('email').notNull(),
  nationalnr: text('nationalnr'),
  version: version(),
});

export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    genderId: integer('gender_id').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    nationalnr: text('nationalnr'),
    version: version(),
  },
  (t) => [index('children_parent_idx').on(t.parentId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    ogm: text('ogm').notNull(),
    createdAt: createdAt(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id),
    campPriceCents: integer('camp_price_cents').notNull(),
    paidAmountCents: integer('paid_amount_cents').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    paymentDate: date('payment_date', { mode: 'string' }),
    paidAccountNr: text('paid_account_nr'),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    cancelled: boolean('cancelled').notNull().default(false),
    cancellationDate: timestamp('cancellation_date', { withTimezone: true, mode: 'string' }),
    remark: text('remark'),
    lunchPreferenceId: integer('lunch_preference_id').references(() => lunchPreferences.id),
    selectedDays: text('selected_days'),
    /** Where the booking came from (issue 40): 'phone', 'desk' (both staff's) or 'website' (the public booking site). */
    source: text('source', { enum: SUBSCRIPTION_SOURCES }).notNull().default('phone'),
    /** Counts saves of lunch preference and remark (updateSubscription), not money events. */
    version: version(),
  },
  (t) => [
    uniqueIndex('subscriptions_reference_idx').on(t.reference),
    uniqueIndex('subscriptions_ogm_idx').on(t.ogm),
    index('subscriptions_camp_idx').on(t.campId),
    index('subscriptions_child_idx').on(t.childId),
  ],
);

/**
 * Discounts of a subscription. `kind` tells the organiser's own discount at booking ('booking'),
 * the discount for the number of selected days ('selected-days') and staff's extra discounts ('extra').
 */
export const subscriptionDiscounts = pgTable(
  'subscription_discounts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['booking', 'selected-days', 'extra'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    remark: text('remark').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_discounts_subscription_idx').on(t.subscriptionId)],
);

/**
 * Attendance of a child on a camp day: one row per subscription and day once someone registered it
 * (present true or false); no row means not registered yet. The fiscal attests count the days with
 * present = true, so "attended days of a subscription" is one indexed lookup.
 */
export const attendance = pgTable(
  'attendance',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    present: boolean('present').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    registeredBy: integer('registered_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day] })],
);

export const monitors = pgTable('monitors', {
  id: serial('id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  remark: text('remark'),
  birthdate: date('birthdate', { mode: 'string' }),
  nationalnr: text('nationalnr'),
  accountNr: text('account_nr'),
  street: text('street'),
  housenr: text('housenr'),
  postalcode: text('postalcode'),
  city: text('city'),
  campLocation1: integer('camp_location_1').references(() => locations.id),
  campLocation2: integer('camp_location_2').references(() => locations.id),
  campLocation3: integer('camp_location_3').references(() => locations.id),
  campLocation4: integer('camp_location_4').references(() => locations.id),
  campLocation5: integer('camp_location_5').references(() => locations.id),
  version: version(),
});

/**
 * The users of the product ('Gebruikers'; the table keeps its first name). An invited user has no password
 * until the invite is accepted; a disabled one cannot sign in. A monitor user is linked to a monitor and
 * sees the camps at that monitor's camp locations.
 */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: roles }).notNull().default('beheerder'),
    monitorId: integer('monitor_id').references(() => monitors.id, { onDelete: 'set null' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_email_idx').on(sql`lower(${t.email})`)],
);

/** A one-time link to set the password of an invited user: only the token's hash is kept. */
export const userInvites = pgTable(
  'user_invites',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('user_invites_token_hash_idx').on(t.tokenHash)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash)],
);

/**
 * A browser a user signed in from (issue 33 §3): the hash of the random token the server gave it in an HttpOnly
 * cookie at that sign-in. A sign-in that brings it for its account counts its failures per device and is not
 * refused for its address, so a flooded office address cannot lock out the staff who work there.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('known_devices_token_hash_idx').on(t.tokenHash), index('known_devices_admin_idx').on(t.adminId)],
);

/**
 * Failed sign-ins (and wrong current passwords, wrong invite tokens), counted per account, per address and per
 * known device for the limits.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The known device the attempt came from: its failures count against that device, not the address. */
    deviceId: integer('device_id').references(() => knownDevices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.at),
    index('login_failures_address_idx').on(t.address, t.at),
    index('login_failures_device_idx').on(t.deviceId, t.at),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('vouchers_token_idx').on(t.token)],
);

/** An inline image (with a content id the HTML part shows) or, without one, a file such as an attest PDF. */
export interface MailAttachment {
  cid?: string;
  filename: string;
  contentType: string;
  /** The bytes, base64; absent for a payment QR code, which the mailer draws from `epcPayload` as it sends it. */
  content?: string;
  /**
   * The payment QR code's EPC payload (lib/payment-qr.ts): its PNG is drawn when the mail is sent, not when it is
   * recorded, so a booking's transaction does not render it while it holds the camp's lock (issue 37).
   */
  epcPayload?: string;
}

/**
 * Every mail, sent by the relay of server/src/mail/relay.ts: 'outbox' while it waits for its next
 * attempt (`error` holds the last failure), 'sent', or 'failed' once `attempts` reached the maximum.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    templateId: text('template_id').notNull(),
    subscriptionId: integer('subscription_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['sent', 'outbox', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    attempts: integer('attempts').notNull().default(0),
    /** When a failed mail is tried again; empty for a new mail, which is due at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }),
    /** A relay that claimed the mail owns it until then; a relay that died loses it after that. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    /** Inline images of the mail ([{ cid, filename, contentType, content (base64) }]): the payment QR code (issue 19). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_subscription_idx').on(t.subscriptionId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: createdAt(),
    adminId: integer('admin_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * One uploaded statement file (a zip gives one per file inside it): which statements it held and what
 * the import did with its movements. `undoneAt` is set when staff undo the import; its payments are gone then.
 */
export const bankImports = pgTable('bank_imports', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  format: text('format', { enum: ['coda', 'camt053'] }).notNull(),
  createdAt: createdAt(),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  /** [{ account, date, sequence, movements }] of each statement in the file. */
  statements: jsonb('statements').notNull(),
  movements: integer('movements').notNull(),
  matched: integer('matched').notNull(),
  alreadyImported: integer('already_imported').notNull(),
  unmatched: integer('unmatched').notNull(),
  ignoredDebits: integer('ignored_debits').notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
});

/**
 * Money received: a credit from a bank statement (booked on a subscription, waiting in the queue
 * 'Te koppelen', or ignored by staff), 'Bedragen gelijk zetten', or a cash payment. A bank credit's
 * `movementKey` is unique, so the same movement is never booked twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['bank', 'paymentComplete', 'cash', 'refund'] }).notNull(),
    state: text('state', { enum: ['booked', 'unmatched', 'ignored'] }).notNull(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    accountNr: text('account_nr'),
    payerName: text('payer_name'),
    communication: text('communication'),
    structuredCommunication: text('structured_communication'),
    importId: integer('import_id').references(() => bankImports.id),
    statementDate: date('statement_date', { mode: 'string' }),
    statementSequence: text('statement_sequence'),
    movementKey: text('movement_key'),
    /** Why a credit waits in the queue: nothing matched, or it matched a cancelled or deleted subscription. */
    queueReason: text('queue_reason', { enum: ['no-match', 'cancelled', 'deleted'] }),
    /** The subscription a queued credit pointed at (cancelled or deleted), as a hint for staff. */
    hintReference: text('hint_reference'),
    ignoreReason: text('ignore_reason'),
    /** Set when staff assigned, ignored or re-queued it: an import with such a payment can no longer be undone. */
    changedByHandAt: timestamp('changed_by_hand_at', { withTimezone: true, mode: 'string' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_movement_key_idx').on(t.movementKey),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_import_idx').on(t.importId),
    index('payments_state_idx').on(t.state),
  ],
);

/**
 * The trash of deleted subscriptions (issue 18): the subscription row, its discounts, attendance and the ids
 * of its payments as they were, so 'Terugzetten' restores it exactly. The server empties entries older than
 * TRASH_RETENTION_DAYS for good (server/src/features/registration/trash.ts).
 */
export const deletedSubscriptions = pgTable(
  'deleted_subscriptions',
  {
    subscriptionId: integer('subscription_id').primaryKey(),
    campId: integer('camp_id').notNull(),
    childId: integer('child_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    deletedBy: integer('deleted_by').references(() => admins.id, { onDelete: 'set null' }),
    /** { subscription, discounts, attendance, paymentIds }: the rows as Drizzle read them. */
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [index('deleted_subscriptions_deleted_at_idx').on(t.deletedAt), index('deleted_subscriptions_child_idx').on(t.childId)],
);

/** A payment reminder sent to a subscription's parent (issue 19): the limits count these rows. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }).notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [index('payment_reminders_subscription_idx').on(t.subscriptionId, t.sentAt)],
);

/**
 * A camp's automatic mail (issue 19): a template, sent N days before the camp starts, N days after booking
 * while unpaid, or N days after the camp ends, to all, the unpaid or the paid subscriptions.
 */
export const mailSchedules = pgTable(
  'mail_schedules',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => mailTemplates.id),
    trigger: text('trigger', { enum: ['beforeStart', 'afterBooking', 'afterEnd'] }).notNull(),
    days: integer('days').notNull(),
    target: text('target', { enum: ['all', 'unpaid', 'paid'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_schedules_camp_idx').on(t.campId)],
);

/** One row per schedule and subscription once its mail is in the outbox: the primary key is what makes it never twice. */
export const mailScheduleSends = pgTable(
  'mail_schedule_sends',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => mailSchedules.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.subscriptionId] })],
);

/**
 * The first answer to a mutation sent with an `Idempotency-Key` header, per administrator and key, kept
 * IDEMPOTENCY_TTL_HOURS: a retry with that key gets this answer again and changes nothing. `status` is null
 * while the first request is still being served.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route of the call, e.g. 'POST /api/addDiscount'. */
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Fiscal attest facts staff set per child and income year (issue 16): a severe disability (the days up to
 * 21 count) and the debtors when not simply the parent (co-parents who paid half each). No row: the parent.
 */
export const fiscalAttestChildren = pgTable(
  'fiscal_attest_children',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    severeDisability: boolean('severe_disability').notNull().default(false),
    /** null: the parent of the child pays everything. */
    debtors: jsonb('debtors').$type<AttestDebtor[]>(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.year] })],
);

/**
 * The attest numbers (unique per organiser and income year), one per child, debtor and sheet, given the first
 * time the attest is made and kept; and what the Belcotax file last declared of it, for the modification file.
 */
export const fiscalAttests = pgTable(
  'fiscal_attests',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    debtorIndex: integer('debtor_index').notNull(),
    sheetIndex: integer('sheet_index').notNull(),
    /** The form as the last Belcotax file sent it, as JSON text in zone order (for the modification file), null until then. */
    declaredForm: text('declared_form'),
    declaredAt: timestamp('declared_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fiscal_attests_number_idx').on(t.year, t.number),
    uniqueIndex('fiscal_attests_sheet_idx').on(t.year, t.childId, t.debtorIndex, t.sheetIndex),
  ],
);

/**
 * One row: the version of every camp year's subscription list (the overview's rows), one more after each
 * committed transaction that changed what a list shows. Triggers bump it (migration 0011), so no writer can
 * forget to; every server process compares it with the version its cached year answers were made from
 * (docs/decisions.md, 'Year answers cached by version').
 */
export const subscriptionListVersion = pgTable('subscription_list_version', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull(),
});

/**
 * A family's account on the public booking site (issue 40): its e-mail address (lower case), password hash (none
 * after a sign-in link took over an account whose address was not yet confirmed), and the parent record it books
 * as. A family the organiser already knew (same e-mail or national number) waits in `pendingParent` (the fields
 * given at sign-up) until its address is confirmed through a link; only then is `parentId` the known parent.
 */
export const familyAccounts = pgTable(
  'family_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    parentId: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    pendingParent: jsonb('pending_parent').$type<Record<string, unknown>>(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_accounts_email_idx').on(t.email), uniqueIndex('family_accounts_parent_idx').on(t.parentId)],
);

/** A family's sign-in on the public site: its own kind of session, never a staff one (server/src/plugins/auth.ts). */
export const familySessions = pgTable(
  'family_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('family_sessions_token_hash_idx').on(t.tokenHash), index('family_sessions_account_idx').on(t.accountId)],
);

/** A link mailed to a family: 'confirm' (its e-mail address, after sign-up) or 'signin' (a one-time sign-in); the hash of its token. */
export const familyLinks = pgTable(
  'family_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'signin'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('family_links_token_hash_idx').on(t.tokenHash)],
);

/**
 * `Idempotency-Key` of a family's bookings: as `idempotency_keys`, per family account instead of per user. A booking
 * (`book`) writes its key in its own transaction (issue 37): the row exists once the bookings are committed, with
 * `status` 200 and `subscription_ids`, before the answer is stored; a retry whose first answer was never stored (the
 * process died between the two) answers those bookings.
 */
export const familyIdempotencyKeys = pgTable(
  'family_idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    answer: text('answer'),
    /** The bookings the key's request committed (a booking's key only). */
    subscriptionIds: integer('subscription_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('family_idempotency_keys_created_idx').on(t.createdAt)],
);

// Monitor planning (issue 36): who works which camp, their availability and qualifications, the ratios per age
// group and the volunteer allowance register.

/** The qualifications staff keep as a list in Beheer (EHBO, animator attest, lifeguard, …). */
export const qualifications = pgTable('qualifications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** A monitor's qualification, valid until the given day (null: it does not expire). */
export const monitorQualifications = pgTable(
  'monitor_qualifications',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.qualificationId] })],
);

/** The kind of volunteer a monitor is, for the allowance caps ('gewoon', or 'verhoogd' for sports trainers). */
export const monitorVolunteerKinds = pgTable('monitor_volunteer_kinds', {
  monitorId: integer('monitor_id')
    .primaryKey()
    .references(() => monitors.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: VOLUNTEER_KINDS }).notNull(),
});

/** The periods a monitor can work. */
export const monitorAvailability = pgTable(
  'monitor_availability',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.periodId] })],
);

/**
 * A monitor planned on a camp. Once per camp, and one head monitor per camp, are unique indexes; not twice in one
 * week is checked by the service under the monitor's row lock (a camp may move to another period, so the week is
 * the camp's, not a copy on this row).
 */
export const monitorAssignments = pgTable(
  'monitor_assignments',
  {
    id: serial('id').primaryKey(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    head: boolean('head').notNull().default(false),
    /** A draft copied from last year's planning ('Seizoen kopiëren'), until staff confirm it. */
    draft: boolean('draft').notNull().default(false),
  },
  (t) => [
    uniqueIndex('monitor_assignments_monitor_camp_idx').on(t.monitorId, t.campId),
    uniqueIndex('monitor_assignments_one_head_idx')
      .on(t.campId)
      .where(sql`${t.head}`),
    index('monitor_assignments_camp_idx').on(t.campId),
  ],
);

/**
 * A camp year whose planning staff published (issue 36): its monitors got their planning by mail, and from then on each
 * change of a monitor's camps mails that monitor what changed. Published again: everyone's planning is mailed again.
 */
export const planningPublications = pgTable('planning_publications', {
  campYear: integer('camp_year').primaryKey(),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }).notNull(),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
});

/** The qualifications a camp requires of at least one of its monitors (a swimming camp: a lifeguard). */
export const campRequiredQualifications = pgTable(
  'camp_required_qualifications',
  {
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campId, t.qualificationId] })],
);

/** Children per monitor of an age group (none set: the default of common/src/volunteer-allowance.ts). */
export const agegroupRatios = pgTable('agegroup_ratios', {
  agegroupId: integer('agegroup_id')
    .primaryKey()
    .references(() => agegroups.id, { onDelete: 'cascade' }),
  childrenPerMonitor: integer('children_per_monitor').notNull(),
});

/** The volunteer allowance register: per monitor and camp day the flat-rate allowance, in cents. */
export const volunteerAllowances = pgTable(
  'volunteer_allowances',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.day] }), index('volunteer_allowances_camp_idx').on(t.campId)],
);

/**
 * An offer of freed seats to the first in line of a camp's waiting list (issue 34): `seats` held for the entries
 * that point to it (siblings who wait together share one) until `expiresAt`, counted as taken while `open`
 * (server/src/domain/seats.ts). The mailed link carries its token; only its hash is kept.
 */
export const waitingOffers = pgTable(
  'waiting_offers',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    tokenHash: text('token_hash').notNull(),
    state: text('state', { enum: ['open', 'accepted', 'declined', 'lapsed', 'withdrawn'] })
      .notNull()
      .default('open'),
    /** The staff member who offered by hand; null when the list offered by itself. */
    adminId: integer('admin_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('waiting_offers_token_hash_idx').on(t.tokenHash), index('waiting_offers_camp_state_idx').on(t.campId, t.state)],
);

/**
 * A child waiting for a seat in a full camp (issue 34): never a subscription, so it never shows as booked. The entries
 * a family put on the list together share `groupId` (the first one's id) and get one offer for all of them; `position`
 * orders a camp's list (lowest first). `state`: waiting, offered (its `offerId` open), booked (its `subscriptionId`),
 * or off the list (declined, lapsed, left by the family, removed by staff).
 */
export const waitingEntries = pgTable(
  'waiting_entries',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    position: integer('position').notNull(),
    state: text('state', { enum: ['waiting', 'offered', 'booked', 'declined', 'lapsed', 'left', 'removed'] })
      .notNull()
      .default('waiting'),
    offerId: integer('offer_id').references(() => waitingOffers.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('waiting_entries_camp_state_idx').on(t.campId, t.state, t.position), index('waiting_entries_child_idx').on(t.childId)],
);

/**
 * A child's safety sheet (issue 35): health data (GDPR art. 9), kept apart from the child's other data and read only
 * through the policy of server/src/domain/policies.ts. One per child, replaced by every save; erased with the family,
 * and by the retention RETENTION_DAYS after the child's last camp unless the family keeps it in its account.
 */
export const safetySheets = pgTable('safety_sheets', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  sheet: jsonb('sheet').$type<SafetySheetData>().notNull(),
  /** The family chose to keep it in its account for a next camp (only its own save sets it). */
  keepInAccount: boolean('keep_in_account').notNull().default(false),
  /** The day the photo consent as it stands was given. */
  photoConsentOn: date('photo_consent_on', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: text('updated_by', { enum: ['family', 'staff'] }).notNull(),
});

/** The organiser's rules of the safety sheets (issue 35): one row, id 1, written the first time they are saved. */
export const safetySheetSettings = pgTable('safety_sheet_settings', {
  id: integer('id').primaryKey(),
  /** Overrides of the default level per question (common/src/safety-sheet.ts, SAFETY_QUESTIONS). */
  levels: jsonb('levels').$type<SafetyLevels>().notNull().default({}),
  monitorDaysBefore: integer('monitor_days_before').notNull().default(1),
  retentionDays: integer('retention_days').notNull().default(30),
  medewerkerReads: boolean('medewerker_reads').notNull().default(false),
});
