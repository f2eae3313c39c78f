import { describe, expect, it } from 'vitest';
import { checkSheetForm, sheetFormOf, sheetPayloadOf, sheetTimes, withSheetRow, withSheetRowField } from '@common/safety-sheet-form.js';

/** The safety sheet's form (issue 35), shared by the family's page and the desk: times as typed, and the checks before a save. */
describe('the safety sheet form', () => {
  it('reads the times a parent types as HH:MM', () => {
    expect(sheetTimes('12:00')).toEqual(['12:00']);
    expect(sheetTimes('8u, 12.00; 18u30')).toEqual(['08:00', '12:00', '18:30']);
    expect(sheetTimes('8u en 20u')).toEqual(['08:00', '20:00']);
    expect(sheetTimes('')).toEqual([]);
    expect(sheetTimes('middag')).toEqual(['middag']);
  });

  it('names each field at fault before the save, and none of a complete sheet', () => {
    let form = sheetFormOf(null, false);
    expect(checkSheetForm(form)).toEqual({
      'EMERGENCY_CONTACTS.0.NAME': 'Veld verplicht',
      'EMERGENCY_CONTACTS.0.RELATION': 'Veld verplicht',
      'EMERGENCY_CONTACTS.0.PHONE': 'Veld verplicht',
      CAN_SWIM: 'Veld verplicht',
      PHOTO_CONSENT: 'Veld verplicht',
    });
    form = withSheetRowField(form, 'EMERGENCY_CONTACTS', 0, 'NAME', 'Marc Claes');
    form = withSheetRowField(form, 'EMERGENCY_CONTACTS', 0, 'RELATION', 'Grootvader');
    form = withSheetRowField(form, 'EMERGENCY_CONTACTS', 0, 'PHONE', 'bel me');
    form = withSheetRow(form, 'MEDICATIONS');
    form = { ...withSheetRowField(withSheetRowField(form, 'MEDICATIONS', 0, 'NAME', 'Ventolin'), 'MEDICATIONS', 0, 'DOSE', '2 pufjes') };
    form = { ...withSheetRowField(form, 'MEDICATIONS', 0, 'TIMES', 'middag'), CAN_SWIM: 'yes', PHOTO_CONSENT: 'group' };
    expect(checkSheetForm(form)).toEqual({
      'EMERGENCY_CONTACTS.0.PHONE': 'Foutief formaat',
      'MEDICATIONS.0.TIMES': 'Geef de uren als 08:00, 12:00.',
    });
    form = withSheetRowField(withSheetRowField(form, 'EMERGENCY_CONTACTS', 0, 'PHONE', '0499 11 22 33'), 'MEDICATIONS', 0, 'TIMES', '12u');
    expect(checkSheetForm(form)).toEqual({});
    expect(sheetPayloadOf(7, form).MEDICATIONS).toEqual([
      { NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true },
    ]);
  });
});
