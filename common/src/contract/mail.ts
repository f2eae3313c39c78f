import { z } from 'zod';
import {
  crudMailTemplateRequest,
  mailPreview,
  mailPreviewPayload,
  mailTemplateRecord,
  mailTemplatesQuery,
  testMailPayload,
  testMailResult,
} from '../schemas/mail-templates.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

export const mailCalls = feature('mail', {
  getMailTemplates: call({
    method: 'GET',
    path: '/api/getMailTemplates',
    access: reads('mailTemplate'),
    provides: ['mailTemplate'],
    summary: 'Every mail template, or the one with id, with how many camps use it',
    query: mailTemplatesQuery,
    response: z.array(mailTemplateRecord),
    example: { query: {} },
  }),
  crudMailTemplate: call({
    method: 'POST',
    path: '/api/crudMailTemplate',
    access: changes('mailTemplate'),
    invalidates: ['mailTemplate'],
    summary: 'A mail template plus an optional action; without one, an existing identifier updates and a new one creates',
    body: crudMailTemplateRequest,
    response: z.union([z.object({ templateId: z.string() }), z.array(mailTemplateRecord)]),
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: {
      body: { MAILTEMPLATE_ID: 'herinnering', MAILTEMPLATE_SUBJECT: 'Herinnering', MAILTEMPLATE_BODY: 'Beste ouder, tot maandag!' },
    },
  }),
  previewMailTemplate: call({
    method: 'POST',
    path: '/api/previewMailTemplate',
    access: reads('mailTemplate'),
    invalidates: [],
    summary: 'The template being edited, filled with made-up data, or with the subscription asked for',
    body: mailPreviewPayload,
    response: z.array(mailPreview),
    refusals: ['NOT_FOUND'],
    example: { body: { MAILTEMPLATE_SUBJECT: 'Bevestiging', MAILTEMPLATE_BODY: 'Beste ouder, welkom!' } },
  }),
  sendTestMail: call({
    method: 'POST',
    path: '/api/sendTestMail',
    access: changes('mailTemplate'),
    invalidates: ['mail'],
    summary: "The template filled with made-up data, marked as a test, to an address of staff's choice, through the outbox",
    body: testMailPayload,
    response: testMailResult,
    refusals: ['NOT_FOUND'],
    example: { body: { MAILTEMPLATE_SUBJECT: 'Test', MAILTEMPLATE_BODY: 'Beste ouder, dit is een test.', TO: 'staff@example.be' } },
  }),
});
