import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { crudRequest } from './crud.js';
import { idField, optionalIdField, requiredText, versionField } from './fields.js';

export const themePayload = z.object({
  THEME_ID: optionalIdField,
  THEME_VERSION: versionField,
  THEME_NAME: requiredText(1, 50, m.tooLongTheme),
});
export type ThemePayload = z.infer<typeof themePayload>;

export const themeIdPayload = z.object({ THEME_ID: idField });
/** crudTheme: the theme plus an optional action, one shape per action (crudRequest). */
export const crudThemeRequest = crudRequest(themePayload, themeIdPayload);

export const themeRecord = z.object({
  THEME_ID: z.number(),
  THEME_VERSION: z.number(),
  THEME_NAME: z.string(),
});
export type ThemeRecord = z.infer<typeof themeRecord>;
