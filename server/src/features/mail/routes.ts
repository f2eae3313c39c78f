import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailPreviewPayload,
  mailTemplateIdPayload,
  mailTemplatePayload,
  mailTemplatesQuery,
  testMailPayload,
} from '@common/schemas/mail-templates.js';
import { registerCrudRoute } from '../../lib/crud-route.js';
import { settingsDefaults } from '../settings/settings.js';
import * as templates from './templates.js';

const tag = 'mail';

/**
 * Mailsjablonen: the list, crudMailTemplate (the identifier is given on create too, so without an action
 * an existing identifier updates and a new one creates), a preview with a real subscription, and a test mail.
 */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const defaults = settingsDefaults(app.config);

  app.get('/getMailTemplates', { schema: { tags: [tag], querystring: mailTemplatesQuery } }, async (request) => ({
    data: await templates.listMailTemplates(app.database.db, request.query.id),
  }));

  registerCrudRoute(app, {
    path: 'crudMailTemplate',
    tag,
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
  });

  app.post('/previewMailTemplate', { schema: { tags: [tag], body: mailPreviewPayload } }, async (request) => ({
    data: [await templates.previewMail(app.database.db, request.body, defaults)],
  }));

  app.post('/sendTestMail', { schema: { tags: [tag], body: testMailPayload } }, async (request) => ({
    data: await templates.sendTestMail(app.database.db, { mailer: app.mailer, log: request.log, settingsDefaults: defaults }, request.body),
  }));
};

export default mailRoutes;
