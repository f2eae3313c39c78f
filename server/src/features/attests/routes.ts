import { attestCalls } from '@common/contract/attests.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import {
  belcotaxFile,
  fiscalAttestChild,
  fiscalAttestFile,
  fiscalAttestsZip,
  listFiscalAttests,
  mailAttests,
  participationAttestFile,
  saveFiscalAttestChild,
} from './service.js';

/** 'Attesten' (issue 16): fiscal attests 281.86, the Belcotax XML and participation attests; beheerder only. */
export default callRoutes(attestCalls, (app) => {
  const db = () => app.database.db;
  const deps = { settingsDefaults: settingsDefaults(app.config), now: () => app.clock.now() };
  return {
    getFiscalAttests: async (request) => listFiscalAttests(db(), deps, request.query.year),
    getFiscalAttestPdf: async (request) => fiscalAttestFile(db(), deps, request.query.year, request.query.subscriberId),
    exportFiscalAttests: async (request) => fiscalAttestsZip(db(), deps, request.query.year),
    getParticipationAttestPdf: async (request) => participationAttestFile(db(), deps, request.query.subscriptionId),
    exportBelcotax: async (request) =>
      belcotaxFile(db(), deps, currentAdminId(request), request.query.year, { corrections: false, test: request.query.test === 'true' }),
    exportBelcotaxCorrections: async (request) =>
      belcotaxFile(db(), deps, currentAdminId(request), request.query.year, { corrections: true, test: request.query.test === 'true' }),
    mailAttests: async (request) => mailAttests(db(), { ...deps, relay: app.mailRelay }, currentAdminId(request), request.body.year),
    getFiscalAttestChild: async (request) => fiscalAttestChild(db(), request.query.year, request.query.subscriberId),
    saveFiscalAttestChild: async (request) => saveFiscalAttestChild(db(), currentAdminId(request), request.body),
  };
});
