import { mailCalls } from '@common/contract/mail.js';
import { mailTemplateIdPayload, mailTemplatePayload } from '@common/schemas/mail-templates.js';
import { callRoutes } from '../../lib/calls.js';
import { crudHandler } from '../../lib/crud-route.js';
import { settingsDefaults } from '../../lib/settings.js';
import * as templates from './templates.js';

/**
 * Mailsjablonen: the list, crudMailTemplate (the identifier is given on create too, so without an action
 * an existing identifier updates and a new one creates), a preview with a real subscription, and a test mail.
 */
export default callRoutes(mailCalls, (app) => {
  const defaults = settingsDefaults(app.config);
  return {
    getMailTemplates: async (request) => templates.listMailTemplates(app.database.db, request.query.id),
    crudMailTemplate: crudHandler(app, {
      payload: mailTemplatePayload,
      idPayload: mailTemplateIdPayload,
      idOf: (v) => v.MAILTEMPLATE_ID,
      payloadId: (v) => v.MAILTEMPLATE_ID,
      answerKey: 'templateId',
      read: (d, id) => templates.listMailTemplates(d, id),
      create: templates.createMailTemplate,
      update: templates.updateMailTemplate,
      remove: templates.deleteMailTemplate,
      updatesWithoutAction: (d, v) => templates.mailTemplateExists(d, v.MAILTEMPLATE_ID),
    }),
    previewMailTemplate: async (request) => [await templates.previewMail(app.database.db, request.body, defaults)],
    sendTestMail: async (request) =>
      templates.sendTestMail(app.database.db, { mailer: app.mailer, log: request.log, settingsDefaults: defaults }, request.body),
  };
});
