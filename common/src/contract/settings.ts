import { z } from 'zod';
import { settingsPayload, settingsRecord } from '../schemas/settings.js';
import { beheerderOnly } from '../roles.js';
import { call, feature } from './define.js';

export const settingsCalls = feature('settings', {
  getSettings: call({
    method: 'GET',
    path: '/api/getSettings',
    summary: "The organiser's settings as a one-record list (nothing secret)",
    response: z.array(settingsRecord),
    example: {},
  }),
  updateSettings: call({
    method: 'POST',
    path: '/api/updateSettings',
    roles: beheerderOnly,
    summary: 'Saves all the settings; answers them as a one-record list',
    body: settingsPayload,
    response: z.array(settingsRecord),
    example: {
      body: {
        ORGANISER_NAME: 'Sportkampen Vlaanderen vzw',
        ORGANISER_IBAN: 'BE71 0961 2345 6769',
        MAIL_FROM: 'Kampen <kampen@example.be>',
        PUBLIC_SITE_URL: 'https://inschrijven.example.be/',
      },
    },
  }),
});
