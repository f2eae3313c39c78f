import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idField, optionalIdField, requiredText } from './fields.js';

export const themePayload = z.object({
  THEME_ID: optionalIdField,
  THEME_NAME: requiredText(1, 50, m.tooLongTheme),
});
export type ThemePayload = z.infer<typeof themePayload>;

export const crudActions = ['create', 'read', 'update', 'delete'] as const;
export const crudActionField = z.enum(crudActions, { error: m.wrongFormat }).optional();

/** crudTheme: like crudCamp, only the action is checked at the door; the handler validates the theme itself. */
export const crudThemeRequest = z.looseObject({ action: crudActionField });
export const themeIdPayload = z.object({ THEME_ID: idField });

export interface ThemeRecord {
  THEME_ID: number;
  THEME_NAME: string;
}
