import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, formatAuditValue } from '@common/audit-fields.js';

/** The Logboek in words staff understand (issue 39): actions, attendance days, nested records. */
describe('the audit log in words', () => {
  it('names actions as what was done, not the call', () => {
    expect(auditActionLabel('crudCamp:update')).toBe('Kamp gewijzigd');
    expect(auditActionLabel('crudMailSchedule:create')).toBe('Automatische mail toegevoegd');
    expect(auditActionLabel('updateMonitor:delete')).toBe('Monitor verwijderd');
    expect(auditActionLabel('setAttendance')).toBe('Aanwezigheid ingevuld');
    expect(auditActionLabel('createSubscription:overCapacity')).toBe('Inschrijving toegevoegd (boven capaciteit)');
    expect(auditActionLabel('moveSubscription:overAgeRange')).toBe('Inschrijving verplaatst (buiten leeftijd)');
    expect(auditActionLabel('deleteSubscription')).toBe('Inschrijving verwijderd (naar de Prullenbak)');
  });

  it('an attendance entry names its day', () => {
    expect(auditChanges({ date: '2026-07-06', present: null }, { date: '2026-07-06', present: true })).toEqual([
      { field: 'present', label: 'Aanwezigheid op maandag 6 juli 2026', old: 'niet ingevuld', new: 'aanwezig' },
    ]);
    expect(auditChanges({ date: '2026-07-07', present: true }, { date: '2026-07-07', present: false })).toEqual([
      { field: 'present', label: 'Aanwezigheid op dinsdag 7 juli 2026', old: 'aanwezig', new: 'afwezig' },
    ]);
  });

  it('shows nested records and lists in words, never as JSON', () => {
    const discounts = [
      { SUBSCRIPTION_DISCOUNT_AMOUNT: 10, SUBSCRIPTION_DISCOUNT_REMARK: 'Korting broer of zus', SUBSCRIPTION_DISCOUNT_KIND: 'booking' },
      { SUBSCRIPTION_DISCOUNT_AMOUNT: 30, SUBSCRIPTION_DISCOUNT_REMARK: '1 dag minder', SUBSCRIPTION_DISCOUNT_KIND: 'selected-days' },
    ];
    expect(formatAuditValue('discounts', discounts)).toBe(
      'Bedrag: € 10,00, Reden: Korting broer of zus, Soort korting: korting van de organisator; Bedrag: € 30,00, Reden: 1 dag minder, Soort korting: minder dagen',
    );
    expect(formatAuditValue('payment', { amountCents: 11500, date: '2026-06-03', accountNr: null })).toBe(
      'Bedrag: € 115,00, Dag: 03/06/2026, Rekeningnummer: –',
    );
    expect(formatAuditValue('TRIGGER', 'afterBooking')).toBe('na de inschrijving, zolang niet betaald');
    expect(formatAuditValue('role', 'medewerker')).toBe('Medewerker');
    expect(formatAuditValue('campYears', [])).toBe('–');
  });
});
