import { privacyCalls } from '@common/contract/privacy.js';
import { todayInBelgium } from '@common/calendar.js';
import { callRoutes } from '../../lib/calls.js';
import { CONTENT_TYPES } from '../../lib/downloads.js';
import { readSettings, settingsDefaults } from '../../lib/settings.js';
import { currentAdminId } from '../../lib/session-user.js';
import { anonymiseYears } from './anonymise.js';
import { eraseFamily } from './erase.js';
import { familyPdf } from './family-pdf.js';
import { readFamily } from '../../domain/family-data.js';
import { revealNationalNumber } from './reveal.js';

/** 'Gegevensbeheer': retention, the access request export and erasure (issue 20). */
export default callRoutes(privacyCalls, (app) => {
  const policy = () => ({ now: app.clock.now(), retentionYears: app.config.RETENTION_YEARS });
  return {
    anonymiseYears: async (request) => anonymiseYears(app.database.db, currentAdminId(request), request.body, policy()),
    exportFamilyData: async (request) => {
      const { parentId, format } = request.query;
      const family = await readFamily(app.database.db, parentId);
      const now = app.clock.now();
      const fileName = `gegevens-ouder-${parentId}-${todayInBelgium(now)}.${format}`;
      if (format === 'pdf') {
        const organiser = await readSettings(app.database.db, settingsDefaults(app.config));
        return { body: await familyPdf(family, now, organiser.ORGANISER_NAME), contentType: CONTENT_TYPES.pdf, fileName };
      }
      const body = Buffer.from(JSON.stringify({ exportedAt: now.toISOString(), ...family }, null, 2));
      return { body, contentType: CONTENT_TYPES.json, fileName };
    },
    eraseFamily: async (request) => eraseFamily(app.database.db, currentAdminId(request), request.body.parentId, policy()),
    revealNationalNumber: async (request) => revealNationalNumber(app.database.db, currentAdminId(request), request.query),
  };
});
