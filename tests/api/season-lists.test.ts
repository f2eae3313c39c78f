import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName } from '@common/contract/index.js';
import type { AgegroupAdminRecord, LocationAdminRecord, PeriodAdminRecord } from '@common/schemas/season.js';
import type { LunchPreferenceRecord } from '@common/schemas/taxonomy.js';
import { auditLog, camps, monitors, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

describe.each(backends)('season lists (locations, periods, age groups, lunch preferences) on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  const auditsOf = async (entity: string, entityId: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(auditLog.id)
    ).map((a) => a.action);

  /** Each refused body answers 400 with exactly these field messages, and nothing changes. */
  async function expectRefused(name: CallName, cases: [Record<string, unknown>, Record<string, string>][]) {
    const before = await databaseDigest(t.db);
    for (const [body, fields] of cases) {
      const answer = await t.unchecked[name](body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  }

  it('locations: create with a booking start, read, update, refuse, delete, audited', async () => {
    const created = await t.api.crudLocation({
      LOCATION_NAME: 'Sporthal Ter Beke, Aalst',
      LOCATION_NAME_SHORT: 'Aalst',
      LOCATION_ADDRESS: 'Kerkstraat 1, 9300 Aalst',
      LOCATION_ALLOW_BOOKING_FROM: '2027-02-01T08:00:00.000Z',
      LOCATION_ALLOW_BOOKING_INFO: 'Inschrijven vanaf 1 februari.',
    });
    expect(created.status).toBe(200);
    const locationId = (created.body.data as { locationId: number }).locationId;
    const read = ((await t.api.crudLocation({ action: 'read', LOCATION_ID: locationId })).body.data as LocationAdminRecord[])[0]!;
    expect(read).toEqual({
      LOCATION_ID: locationId,
      LOCATION_NAME: 'Sporthal Ter Beke, Aalst',
      LOCATION_NAME_SHORT: 'Aalst',
      LOCATION_ADDRESS: 'Kerkstraat 1, 9300 Aalst',
      LOCATION_ALLOW_BOOKING_FROM: '2027-02-01T08:00:00.000Z',
      LOCATION_ALLOW_BOOKING_INFO: 'Inschrijven vanaf 1 februari.',
      CAMPS_USING: 0,
    });
    // The spec's lookup answers it as before, in its own shape.
    const lookup = (await t.api.getTaxonomy({ type: 'location' })).body.data as Record<string, unknown>[];
    expect(lookup.find((l) => l.LOCATION_ID === locationId)).toEqual({
      LOCATION_ID: locationId,
      LOCATION_NAME: 'Sporthal Ter Beke, Aalst',
      LOCATION_NAME_SHORT: 'Aalst',
      LOCATION_ALLOW_BOOKING_FROM: '2027-02-01T08:00:00.000Z',
      LOCATION_ALLOW_BOOKING_INFO: 'Inschrijven vanaf 1 februari.',
    });

    const updated = await t.api.crudLocation({
      ...read,
      LOCATION_NAME_SHORT: 'Aalst-Ter Beke',
      LOCATION_ALLOW_BOOKING_FROM: '',
    });
    expect(updated.body.data).toEqual({ locationId });
    const [after] = (await t.api.getLocations()).body.data.filter((l: LocationAdminRecord) => l.LOCATION_ID === locationId);
    expect(after).toMatchObject({ LOCATION_NAME_SHORT: 'Aalst-Ter Beke', LOCATION_ALLOW_BOOKING_FROM: null });

    await expectRefused('crudLocation', [
      [{ LOCATION_NAME: '', LOCATION_NAME_SHORT: 'X' }, { LOCATION_NAME: 'Veld verplicht' }],
      [{ LOCATION_NAME: 'Sporthal Gent 2', LOCATION_NAME_SHORT: ' gent ' }, { LOCATION_NAME_SHORT: 'Deze korte naam is al in gebruik.' }],
      [
        { LOCATION_ID: locationId, LOCATION_NAME: 'Ergens', LOCATION_NAME_SHORT: 'Brugge' },
        { LOCATION_NAME_SHORT: 'Deze korte naam is al in gebruik.' },
      ],
      [
        { LOCATION_NAME: 'Ergens', LOCATION_NAME_SHORT: 'Erg', LOCATION_ALLOW_BOOKING_FROM: 'morgen' },
        { LOCATION_ALLOW_BOOKING_FROM: 'Foutief formaat' },
      ],
      [{ LOCATION_NAME: 'Ergens', LOCATION_NAME_SHORT: 'x'.repeat(31) }, { LOCATION_NAME_SHORT: 'Inhoud te lang' }],
      [{ action: 'delete' }, { LOCATION_ID: 'Veld verplicht' }],
      [{ action: 'wissen', LOCATION_ID: 1 }, { action: 'Foutief formaat' }],
    ]);
    expect((await t.api.crudLocation({ LOCATION_ID: 99999, LOCATION_NAME: 'Nergens', LOCATION_NAME_SHORT: 'Nergens' })).status).toBe(404);

    expect((await t.api.crudLocation({ action: 'delete', LOCATION_ID: locationId })).body.data).toEqual({ locationId });
    expect((await t.api.crudLocation({ action: 'read', LOCATION_ID: locationId })).body.data).toEqual([]);
    expect(await auditsOf('location', locationId)).toEqual(['crudLocation:create', 'crudLocation:update', 'crudLocation:delete']);
  });

  it('refuses to delete a location camps or monitors use, naming how many, and changes nothing', async () => {
    const [camp] = await t.db.select().from(camps).limit(1);
    const locationId = camp!.locationId;
    const campCount = (await t.db.select().from(camps).where(eq(camps.locationId, locationId))).length;
    const monitorCount = (await t.db.select().from(monitors)).filter((m) =>
      [m.campLocation1, m.campLocation2, m.campLocation3, m.campLocation4, m.campLocation5].includes(locationId),
    ).length;
    const before = await databaseDigest(t.db);
    const answer = await t.api.crudLocation({ action: 'delete', LOCATION_ID: locationId });
    expect(answer.status).toBe(409);
    const monitorsPart = monitorCount === 0 ? '' : ` en ${monitorCount} ${monitorCount === 1 ? 'monitor' : 'monitoren'}`;
    expect(answer.body.error.message).toBe(
      `Deze locatie wordt nog gebruikt door ${campCount} ${campCount === 1 ? 'kamp' : 'kampen'}${monitorsPart} en kan niet verwijderd worden.`,
    );
    expect(await databaseDigest(t.db)).toEqual(before);

    // A location only a monitor names is refused too (the monitor's location would point at nothing).
    const created = (
      (await t.api.crudLocation({ LOCATION_NAME: 'Zwembad Ronse', LOCATION_NAME_SHORT: 'Ronse' })).body.data as { locationId: number }
    ).locationId;
    const [monitor] = await t.db.select().from(monitors).limit(1);
    await t.db.update(monitors).set({ campLocation5: created }).where(eq(monitors.id, monitor!.id));
    const refused = await t.api.crudLocation({ action: 'delete', LOCATION_ID: created });
    expect(refused.body.error.message).toBe('Deze locatie wordt nog gebruikt door 1 monitor en kan niet verwijderd worden.');
  });

  it('periods: sorted by start date, end not before start, short names unique within a year, used ones stay', async () => {
    const year = new Date().getFullYear();
    const list = (await t.api.getPeriods({ year })).body.data as PeriodAdminRecord[];
    expect(list.length).toBe(12);
    expect(list.map((p) => p.PERIOD_STARTDATE)).toEqual(list.map((p) => p.PERIOD_STARTDATE).sort());
    expect(list[0]!.PERIOD_NAME).toBe('Krokusvakantie');
    expect(list.at(-1)!.PERIOD_NAME).toBe('Herfstvakantie');

    const created = await t.api.crudPeriod({
      PERIOD_NAME: 'Kerstvakantie',
      PERIOD_NAME_SHORT: 'Kerst',
      PERIOD_STARTDATE: `${year}-12-28`,
      PERIOD_ENDDATE: `${year}-12-31`,
    });
    expect(created.status).toBe(200);
    const periodId = (created.body.data as { periodId: number }).periodId;
    const withIt = (await t.api.getPeriods({ year })).body.data as PeriodAdminRecord[];
    expect(withIt.at(-1)).toEqual({
      PERIOD_ID: periodId,
      PERIOD_NAME: 'Kerstvakantie',
      PERIOD_NAME_SHORT: 'Kerst',
      PERIOD_STARTDATE: `${year}-12-28`,
      PERIOD_ENDDATE: `${year}-12-31`,
      CAMPS_USING: 0,
    });
    // The same short name in another year is fine: every year has its 'Krokus'.
    expect(
      (
        await t.api.crudPeriod({
          PERIOD_NAME: 'Kerst',
          PERIOD_NAME_SHORT: 'Kerst',
          PERIOD_STARTDATE: `${year + 5}-12-27`,
          PERIOD_ENDDATE: `${year + 5}-12-31`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api.crudPeriod({
          action: 'update',
          PERIOD_ID: periodId,
          PERIOD_NAME: 'Kerstvakantie',
          PERIOD_NAME_SHORT: 'Kerst',
          PERIOD_STARTDATE: `${year}-12-27`,
          PERIOD_ENDDATE: `${year}-12-31`,
        })
      ).body.data,
    ).toEqual({ periodId });

    await expectRefused('crudPeriod', [
      [
        { PERIOD_NAME: 'Omgekeerd', PERIOD_NAME_SHORT: 'Omg', PERIOD_STARTDATE: `${year}-08-10`, PERIOD_ENDDATE: `${year}-08-09` },
        { PERIOD_ENDDATE: 'De einddatum mag niet voor de begindatum liggen.' },
      ],
      [
        { PERIOD_NAME: 'Krokus bis', PERIOD_NAME_SHORT: 'krokus', PERIOD_STARTDATE: `${year}-03-10`, PERIOD_ENDDATE: `${year}-03-14` },
        { PERIOD_NAME_SHORT: 'Deze korte naam is in dat jaar al in gebruik.' },
      ],
      [{ PERIOD_NAME: 'Zonder', PERIOD_NAME_SHORT: 'Z', PERIOD_ENDDATE: `${year}-03-14` }, { PERIOD_STARTDATE: 'Veld verplicht' }],
      [
        { PERIOD_NAME: 'Fout', PERIOD_NAME_SHORT: 'F', PERIOD_STARTDATE: `${year}-02-30`, PERIOD_ENDDATE: `${year}-03-14` },
        { PERIOD_STARTDATE: 'Foutief formaat' },
      ],
    ]);

    const [camp] = await t.db.select().from(camps).limit(1);
    const used = await t.api.crudPeriod({ action: 'delete', PERIOD_ID: camp!.periodId });
    expect(used.status).toBe(409);
    expect(used.body.error.message).toMatch(/^Deze periode wordt nog gebruikt door \d+ (kamp|kampen) en kan niet verwijderd worden\.$/);
    expect((await t.api.crudPeriod({ action: 'delete', PERIOD_ID: periodId })).body.data).toEqual({ periodId });
    expect(await auditsOf('period', periodId)).toEqual(['crudPeriod:create', 'crudPeriod:update', 'crudPeriod:delete']);
  });

  it('age groups: ages suggest birth years, max not under min, names unique, used ones stay', async () => {
    const list = (await t.api.getAgegroups()).body.data as AgegroupAdminRecord[];
    expect(list[0]).toMatchObject({ AGEGROUP_NAME: 'Kleuters (3-5 jaar)', AGEGROUP_MIN_AGE: 3, AGEGROUP_MAX_AGE: 5 });
    const created = await t.api.crudAgegroup({
      AGEGROUP_NAME: 'Jongeren (16-18 jaar)',
      AGEGROUP_MIN_AGE: '16',
      AGEGROUP_MAX_AGE: 18,
    });
    const agegroupId = (created.body.data as { agegroupId: number }).agegroupId;
    expect((await t.api.crudAgegroup({ action: 'read', AGEGROUP_ID: agegroupId })).body.data).toEqual([
      { AGEGROUP_ID: agegroupId, AGEGROUP_NAME: 'Jongeren (16-18 jaar)', AGEGROUP_MIN_AGE: 16, AGEGROUP_MAX_AGE: 18, CAMPS_USING: 0 },
    ]);
    expect(
      (
        await t.api.crudAgegroup({
          AGEGROUP_ID: agegroupId,
          AGEGROUP_NAME: 'Jongeren (16-17 jaar)',
          AGEGROUP_MIN_AGE: 16,
          AGEGROUP_MAX_AGE: 17,
        })
      ).status,
    ).toBe(200);
    await expectRefused('crudAgegroup', [
      [
        { AGEGROUP_NAME: 'Omgekeerd', AGEGROUP_MIN_AGE: 9, AGEGROUP_MAX_AGE: 6 },
        { AGEGROUP_MAX_AGE: 'De maximumleeftijd mag niet kleiner zijn dan de minimumleeftijd.' },
      ],
      [
        { AGEGROUP_NAME: 'kleuters (3-5 JAAR)', AGEGROUP_MIN_AGE: 3, AGEGROUP_MAX_AGE: 5 },
        { AGEGROUP_NAME: 'Deze naam is al in gebruik.' },
      ],
      [{ AGEGROUP_NAME: 'Zonder leeftijd' }, { AGEGROUP_MIN_AGE: 'Veld verplicht', AGEGROUP_MAX_AGE: 'Veld verplicht' }],
      [{ AGEGROUP_NAME: 'Fout', AGEGROUP_MIN_AGE: 'drie', AGEGROUP_MAX_AGE: 5 }, { AGEGROUP_MIN_AGE: 'Foutief formaat' }],
    ]);
    const [camp] = await t.db.select().from(camps).limit(1);
    expect((await t.api.crudAgegroup({ action: 'delete', AGEGROUP_ID: camp!.agegroupId })).status).toBe(409);
    expect((await t.api.crudAgegroup({ action: 'delete', AGEGROUP_ID: agegroupId })).body.data).toEqual({ agegroupId });
    expect(await auditsOf('agegroup', agegroupId)).toEqual(['crudAgegroup:create', 'crudAgegroup:update', 'crudAgegroup:delete']);
  });

  it('lunch preferences: create, rename, unique, those subscriptions chose stay', async () => {
    const created = await t.api.crudLunchPreference({ LUNCHPREFERENCE_DESCRIPTION: 'Glutenvrije maaltijd' });
    const lunchPreferenceId = (created.body.data as { lunchPreferenceId: number }).lunchPreferenceId;
    expect(
      (
        await t.api.crudLunchPreference({
          LUNCHPREFERENCE_ID: lunchPreferenceId,
          LUNCHPREFERENCE_DESCRIPTION: 'Glutenvrij',
        })
      ).status,
    ).toBe(200);
    const all = (await t.api.getLunchPreferences()).body.data as LunchPreferenceRecord[];
    expect(all.at(-1)).toEqual({ LUNCHPREFERENCE_ID: lunchPreferenceId, LUNCHPREFERENCE_DESCRIPTION: 'Glutenvrij' });
    await expectRefused('crudLunchPreference', [
      [{ LUNCHPREFERENCE_DESCRIPTION: 'warme maaltijd' }, { LUNCHPREFERENCE_DESCRIPTION: 'Deze naam is al in gebruik.' }],
      [{ LUNCHPREFERENCE_DESCRIPTION: 'x' }, { LUNCHPREFERENCE_DESCRIPTION: 'Inhoud te kort' }],
    ]);
    const [chosen] = await t.db.select().from(subscriptions).where(eq(subscriptions.lunchPreferenceId, 1));
    const used = await t.api.crudLunchPreference({ action: 'delete', LUNCHPREFERENCE_ID: chosen!.lunchPreferenceId });
    expect(used.status).toBe(409);
    expect(used.body.error.message).toMatch(
      /^Deze lunchvoorkeur wordt nog gebruikt door \d+ (inschrijving|inschrijvingen) en kan niet verwijderd worden\.$/,
    );
    expect((await t.api.crudLunchPreference({ action: 'delete', LUNCHPREFERENCE_ID: lunchPreferenceId })).status).toBe(200);
    expect(await auditsOf('lunchPreference', lunchPreferenceId)).toEqual([
      'crudLunchPreference:create',
      'crudLunchPreference:update',
      'crudLunchPreference:delete',
    ]);
  });
});
