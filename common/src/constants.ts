/** Fixed lookup ids and limits shared by server and web. */
export const PAYMENT_METHOD = { cash: 1, bankTransfer: 2 } as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

/** The one gender id shown as 'Meisje'; every other id shows 'Jongen' (spec section 2). */
export const GENDER_GIRL = 2;
export const GENDER_BOY = 1;

export const FIRST_CAMP_YEAR = 2021;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 350;
export const SUBSCRIPTION_ROWS_DEFAULT = 200;
export const SUBSCRIPTION_ROWS_EXPANDED = 10000;
export const SAVED_INDICATOR_MS = 1000;
export const REDIRECT_AFTER_SAVE_MS = 1000;
export const COPY_CONFIRMATION_MS = 2000;
export const VOUCHER_VALID_HOURS = 24;
export const VOUCHER_TYPE_EXTRA_SUBSCRIPTION = 'extraSubscription';

export const DISCOUNT_REASONS = ['Eigen lunchpakket', 'Axibonnen', 'Moni korting', 'Vrijetijdspas', 'Halve dag', 'Andere...'] as const;
export const DISCOUNT_REASON_OTHER = 'Andere...';

/** The four mail templates that ship with the product and are the new-camp defaults. */
export const DEFAULT_MAIL_TEMPLATES = {
  confirm: 'bevestiging',
  cancel: 'annulatie',
  convertCash: 'omzetten-cash',
  convertBankTransfer: 'omzetten-overschrijving',
} as const;

/** The template of the mail about moving a child to another camp (issue 18); it ships with the product. */
export const MOVE_MAIL_TEMPLATE = 'verplaatsing';
/** The template of payment reminders (issue 19); it ships with the product and cannot be deleted. */
export const REMINDER_MAIL_TEMPLATE = 'herinnering';
/** The template of the mail that tells a parent a refund was paid (issue 19). */
export const REFUND_MAIL_TEMPLATE = 'terugbetaling';
/** The template of the mail that carries a child's fiscal attests as PDF (issue 16). */
export const ATTEST_MAIL_TEMPLATE = 'fiscaal-attest';

/** Years offered in the Kampjaar dropdown: 2021 up to next calendar year. */
export function campYears(today = new Date()): number[] {
  const last = today.getFullYear() + 1;
  return Array.from({ length: last - FIRST_CAMP_YEAR + 1 }, (_, i) => FIRST_CAMP_YEAR + i);
}
