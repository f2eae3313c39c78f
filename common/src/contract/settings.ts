import { z } from 'zod';
import { settingsAnswer, settingsPayload } from '../schemas/settings.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

export const settingsCalls = feature('settings', {
  getSettings: call({
    method: 'GET',
    path: '/api/getSettings',
    access: reads('settings'),
    provides: ['settings'],
    summary:
      "The organiser's settings as a one-record list (nothing secret); a medewerker gets only the organiser's name and the public site's address",
    response: z.array(settingsAnswer.partial().required({ ORGANISER_NAME: true, PUBLIC_SITE_URL: true })),
    example: {},
  }),
  updateSettings: call({
    method: 'POST',
    path: '/api/updateSettings',
    access: changes('settings'),
    invalidates: ['settings'],
    summary: 'Saves all the settings; answers them as a one-record list',
    body: settingsPayload,
    response: z.array(settingsAnswer),
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
