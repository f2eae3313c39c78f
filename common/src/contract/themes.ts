import { z } from 'zod';
import { crudThemeRequest, themeRecord } from '../schemas/themes.js';
import { changes } from '../policies.js';
import { call, feature } from './define.js';

export const themeCalls = feature('themes', {
  crudTheme: call({
    method: 'POST',
    path: '/api/crudTheme',
    access: changes('theme'),
    invalidates: ['theme', 'camp'],
    summary: '{ THEME_ID?, THEME_NAME, action? }: without action, no id creates and an id renames; read answers the theme as a list',
    body: crudThemeRequest,
    response: z.union([z.object({ themeId: z.number() }), z.array(themeRecord)]),
    refusals: ['NOT_FOUND', 'CONFLICT', 'VERSION_CONFLICT'],
    example: { body: { THEME_NAME: 'Ballonvaren' } },
  }),
});
