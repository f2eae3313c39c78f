import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { crudRequest } from './crud.js';
import { emailField, optionalIdField, requiredText } from './fields.js';

/**
 * The placeholders a mail template may use, written {{name}}: what each one becomes in a mail about one
 * subscription. The renderer (server/src/lib/mail-render.ts) fills exactly these.
 */
export const MAIL_PLACEHOLDERS = {
  childName: 'Voornaam en naam van het kind',
  parentName: 'Voornaam en naam van de ouder',
  campName: 'Het kamp: thema - locatie',
  periodDates: 'Begin- en einddatum van de periode (de hele periode, ook dagen die niet geboekt zijn)',
  bookedDays: 'De dagen waarop het kind komt: bij flexibel inschrijven enkel de geboekte dagen',
  locationAddress: 'Het adres van de kamplocatie (de naam van de locatie als er geen adres is)',
  paymentMethod: 'De betaalwijze: overschrijving of contant',
  paymentInstructions:
    'Hoe de ouder betaalt, volgens de betaalwijze: overschrijven met rekeningnummer en OGM (en de QR-code als de mail die meestuurt), contant ter plaatse, of dat er niets meer te betalen is',
  amountToPay: 'Het te betalen bedrag',
  saldo: 'Wat nog open staat',
  ogm: 'De gestructureerde mededeling (OGM)',
  reference: 'De referentie van de inschrijving',
  organiserAccount: 'Het rekeningnummer (IBAN) van de organisator',
  organiserBic: 'De BIC van de organisator',
  organiserName: 'De naam van de organisator',
  publicSiteUrl: 'De website waar ouders inschrijven',
  refundAmount: 'Het teruggestorte bedrag (enkel in de mail bij een terugbetaling)',
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;
export type MailValues = Record<MailPlaceholder, string>;

const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses that are not known, in order of appearance, once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name = ''] of text.matchAll(PLACEHOLDER_PATTERN)) if (!Object.hasOwn(MAIL_PLACEHOLDERS, name)) unknown.add(name);
  return [...unknown];
}

/** Fills every {{placeholder}}; templates are checked on save, so an unknown one (an older row) stays as written. */
export function fillPlaceholders(text: string, values: MailValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (match, name: string) =>
    Object.hasOwn(values, name) ? values[name as MailPlaceholder] : match,
  );
}

export const mailTemplateMessages = {
  unknownPlaceholder: (names: string[]) =>
    names.length === 1 ? `Onbekende plaatshouder: {{${names[0]}}}` : `Onbekende plaatshouders: ${names.map((n) => `{{${n}}}`).join(', ')}`,
  identifierFormat: 'Foutief formaat: enkel kleine letters, cijfers en koppeltekens.',
  notFound: 'Mailsjabloon niet gevonden',
  exists: 'Er bestaat al een mailsjabloon met deze identificatie.',
  subscriptionNotFound: 'Inschrijving niet gevonden',
  isDefault: 'Dit is een standaardsjabloon (van nieuwe kampen, herinneringen of terugbetalingen) en kan niet verwijderd worden.',
  testMailFailed: 'De testmail kon niet verzonden worden.',
};

const withKnownPlaceholders = (text: z.ZodString) =>
  text.superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: mailTemplateMessages.unknownPlaceholder(unknown) });
  });

export const mailTemplateIdField = requiredText(2, 50).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, mailTemplateMessages.identifierFormat);
export const mailTemplateSubjectField = withKnownPlaceholders(requiredText(2, 200));
export const mailTemplateBodyField = withKnownPlaceholders(requiredText(2, 10_000));

/** crudMailTemplate: MAILTEMPLATE_ID is the identifier camps name, so it is given on create too. */
export const mailTemplatePayload = z.object({
  MAILTEMPLATE_ID: mailTemplateIdField,
  MAILTEMPLATE_SUBJECT: mailTemplateSubjectField,
  MAILTEMPLATE_BODY: mailTemplateBodyField,
});
export type MailTemplatePayload = z.input<typeof mailTemplatePayload>;
export type MailTemplateValues = z.output<typeof mailTemplatePayload>;
export const mailTemplateIdPayload = z.object({ MAILTEMPLATE_ID: mailTemplateIdField });
export const crudMailTemplateRequest = crudRequest(mailTemplatePayload, mailTemplateIdPayload);

export const mailTemplateRecord = z.object({
  MAILTEMPLATE_ID: z.string(),
  MAILTEMPLATE_SUBJECT: z.string(),
  MAILTEMPLATE_BODY: z.string(),
  /** How many camps name this template for one of their four mails. */
  CAMPS_USING: z.number(),
});
export type MailTemplateRecord = z.infer<typeof mailTemplateRecord>;

export const mailTemplatesQuery = z.object({
  id: z
    .string({ error: m.wrongFormat })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

/** previewMailTemplate: the template as it is being edited, filled with made-up data, or with the subscription asked for. */
export const mailPreviewPayload = z.object({
  MAILTEMPLATE_SUBJECT: mailTemplateSubjectField,
  MAILTEMPLATE_BODY: mailTemplateBodyField,
  SUBSCRIPTION_ID: optionalIdField,
});
export type MailPreviewPayload = z.input<typeof mailPreviewPayload>;

export const mailPreview = z.object({
  /** The subscription whose data fill it; null for the made-up data. */
  SUBSCRIPTION_ID: z.number().nullable(),
  SUBSCRIPTION_REFERENCE: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
});
export type MailPreview = z.infer<typeof mailPreview>;

/** A test mail says so: in its subject and its first line (issue 39). */
export const TEST_MAIL_SUBJECT_PREFIX = 'TEST: ';
export const TEST_MAIL_NOTE = 'Dit is een testmail met verzonnen voorbeeldgegevens, geen echte inschrijving.';

/** sendTestMail: the template filled with made-up data (never a real family's), to an address of staff's choice, through the outbox. */
export const testMailPayload = mailPreviewPayload.omit({ SUBSCRIPTION_ID: true }).extend({
  MAILTEMPLATE_ID: z.string({ error: m.wrongFormat }).max(50, m.tooLong).optional(),
  TO: emailField,
});
export type TestMailPayload = z.input<typeof testMailPayload>;

export const testMailResult = z.object({
  mailId: z.number(),
  mailStatus: z.enum(['sent', 'outbox', 'failed']),
});
export type TestMailResult = z.infer<typeof testMailResult>;
