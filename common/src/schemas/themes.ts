import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idField, optionalIdField, requiredText, versionField } from './fields.js';

export const themePayload = z.object({
  THEME_ID: optionalIdField,
  THEME_VERSION: versionField,
  THEME_NAME: requiredText(1, 50, m.tooLongTheme),
});
export type ThemePayload = z.infer<typeof themePayload>;

export const crudActions = ['create', 'read', 'update', 'delete'] as const;
export const crudActionField = z.enum(crudActions, { error: m.wrongFormat }).optional();

/** crudTheme: like crudCamp, only the action is checked at the door; the handler validates the theme itself. */
export const crudThemeRequest = z.looseObject({ action: crudActionField });
export const themeIdPayload = z.object({ THEME_ID: idField });

export const themeRecord = z.object({
  THEME_ID: z.number(),
  THEME_VERSION: z.number(),
  THEME_NAME: z.string(),
});
export type ThemeRecord = z.infer<typeof themeRecord>;
