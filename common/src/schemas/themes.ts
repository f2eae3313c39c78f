import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { optionalIdField, requiredText } from './fields.js';

export const themePayload = z.object({
  THEME_ID: optionalIdField,
  THEME_NAME: requiredText(1, 50, m.tooLongTheme),
});
export type ThemePayload = z.infer<typeof themePayload>;

export const crudActions = ['create', 'read', 'update', 'delete'] as const;
export const crudActionField = z.enum(crudActions, { error: m.wrongFormat }).optional();

export const crudThemePayload = themePayload.extend({ action: crudActionField });

export interface ThemeRecord {
  THEME_ID: number;
  THEME_NAME: string;
}
