import {
  ATTEST_MAIL_TEMPLATE,
  DEFAULT_MAIL_TEMPLATES,
  MOVE_MAIL_TEMPLATE,
  REFUND_MAIL_TEMPLATE,
  REMINDER_MAIL_TEMPLATE,
} from '@common/constants.js';

/**
 * The templates that ship with the product: the four a new camp names, the mail about a move (issue 18), the payment
 * reminder and the refund mail (issue 19), the fiscal attest's (issue 16). They name the booked days and say how to pay
 * through {{paymentInstructions}}, which follows the payment method (issue 39). Placeholders: common/src/schemas/mail-templates.ts.
 */
export const defaultMailTemplates = [
  {
    id: DEFAULT_MAIL_TEMPLATES.confirm,
    subject: 'Bevestiging inschrijving {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'Bedankt voor de inschrijving van {{childName}} voor {{campName}} ({{bookedDays}}).',
      'Adres: {{locationAddress}}.',
      'Te betalen: {{amountToPay}}. Nog open: {{saldo}}.',
      '{{paymentInstructions}}',
      'Referentie: {{reference}}.',
      '',
      'Sportieve groeten,',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: DEFAULT_MAIL_TEMPLATES.cancel,
    subject: 'Annulatie inschrijving {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'De inschrijving van {{childName}} voor {{campName}} ({{bookedDays}}) is geannuleerd.',
      'Referentie: {{reference}}.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: DEFAULT_MAIL_TEMPLATES.convertCash,
    subject: 'Betaling ter plaatse voor {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'De betaling voor {{childName}} ({{campName}}) gebeurt nu contant ter plaatse.',
      'Te betalen: {{amountToPay}}. Nog open: {{saldo}}.',
      'Referentie: {{reference}}.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: DEFAULT_MAIL_TEMPLATES.convertBankTransfer,
    subject: 'Betaling via overschrijving voor {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'De betaling voor {{childName}} ({{campName}}) gebeurt via overschrijving.',
      '{{paymentInstructions}}',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: MOVE_MAIL_TEMPLATE,
    subject: 'Verplaatsing inschrijving {{childName}} naar {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'De inschrijving van {{childName}} is verplaatst naar {{campName}} ({{bookedDays}}).',
      'Adres: {{locationAddress}}.',
      'Te betalen: {{amountToPay}}. Nog open: {{saldo}}.',
      '{{paymentInstructions}}',
      'Referentie: {{reference}}.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: REMINDER_MAIL_TEMPLATE,
    subject: 'Herinnering: betaling voor {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'Voor de inschrijving van {{childName}} voor {{campName}} ({{bookedDays}}) staat nog {{saldo}} open.',
      '{{paymentInstructions}}',
      'Referentie: {{reference}}.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: REFUND_MAIL_TEMPLATE,
    subject: 'Terugbetaling voor {{childName}} - {{campName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'We hebben {{refundAmount}} teruggestort voor de inschrijving van {{childName}} voor {{campName}}.',
      'Referentie: {{reference}}.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
  {
    id: ATTEST_MAIL_TEMPLATE,
    subject: 'Fiscaal attest kinderopvang voor {{childName}}',
    body: [
      'Beste {{parentName}},',
      '',
      'In de bijlage vindt u het fiscaal attest voor de kosten van kinderopvang (formulier 281.86) voor {{childName}}.',
      'Bewaar het voor uw belastingaangifte: de organisator geeft dezelfde gegevens door aan de FOD Financiën.',
      '',
      'Het kampteam',
    ].join('\n'),
  },
];
