import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallName } from '@common/contract/index.js';
import { apiMessages, validationMessages as m } from '@common/messages.js';
import { mailTemplateMessages } from '@common/schemas/mail-templates.js';
import { seasonMessages } from '@common/schemas/season.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

/**
 * The crud calls take one shape per action, checked at the door by the contract (issue 38 point 2; docs/decisions.md,
 * 'Precise bodies for the crud calls'): a wrong shape is refused by the call's body schema itself and answers the
 * product's Dutch 400 per field, changing nothing; what the spec's clients send (the record without an action, an id
 * as text, keys the server does not know) is still accepted. Wrong shapes are sent on purpose: `t.unchecked`.
 */
interface CrudCase {
  name: CallName;
  idKey: string;
  answerKey: string;
  /** A record the call creates. */
  record: Record<string, unknown>;
  /** A wrong field of that record and the Dutch message it gets. */
  wrongField: [Record<string, unknown>, Record<string, string>];
  /** The id is text (a mail template's identifier): no 'wrong kind of id' case. */
  textId?: boolean;
}

const example = (name: CallName) => (contract[name].example as { body: Record<string, unknown> }).body;

const cases: CrudCase[] = [
  {
    name: 'crudCamp',
    idKey: 'CAMP_ID',
    answerKey: 'campId',
    record: example('crudCamp'),
    wrongField: [{ PRICE: 'gratis' }, { PRICE: m.wrongFormat }],
  },
  {
    name: 'crudTheme',
    idKey: 'THEME_ID',
    answerKey: 'themeId',
    record: { THEME_NAME: 'Circustechnieken' },
    wrongField: [{ THEME_NAME: 'x'.repeat(51) }, { THEME_NAME: m.tooLongTheme }],
  },
  {
    name: 'crudLocation',
    idKey: 'LOCATION_ID',
    answerKey: 'locationId',
    record: example('crudLocation'),
    wrongField: [{ LOCATION_NAME: 'x' }, { LOCATION_NAME: m.tooShort }],
  },
  {
    name: 'crudPeriod',
    idKey: 'PERIOD_ID',
    answerKey: 'periodId',
    record: example('crudPeriod'),
    // The period's own rule comes with its shape: the end may not lie before the start.
    wrongField: [{ PERIOD_ENDDATE: '2025-10-01' }, { PERIOD_ENDDATE: seasonMessages.periodEndBeforeStart }],
  },
  {
    name: 'crudAgegroup',
    idKey: 'AGEGROUP_ID',
    answerKey: 'agegroupId',
    record: example('crudAgegroup'),
    wrongField: [{ AGEGROUP_MAX_AGE: 2 }, { AGEGROUP_MAX_AGE: seasonMessages.maxAgeBeforeMinAge }],
  },
  {
    name: 'crudLunchPreference',
    idKey: 'LUNCHPREFERENCE_ID',
    answerKey: 'lunchPreferenceId',
    record: example('crudLunchPreference'),
    wrongField: [{ LUNCHPREFERENCE_DESCRIPTION: 'x'.repeat(51) }, { LUNCHPREFERENCE_DESCRIPTION: m.tooLong }],
  },
  {
    name: 'crudMailTemplate',
    idKey: 'MAILTEMPLATE_ID',
    answerKey: 'templateId',
    record: { ...example('crudMailTemplate'), MAILTEMPLATE_ID: 'zomer-extra' },
    wrongField: [{ MAILTEMPLATE_ID: 'Met Spaties' }, { MAILTEMPLATE_ID: mailTemplateMessages.identifierFormat }],
    textId: true,
  },
  {
    name: 'crudMailSchedule',
    idKey: 'MAILSCHEDULE_ID',
    answerKey: 'mailScheduleId',
    record: example('crudMailSchedule'),
    wrongField: [{ TRIGGER: 'morgen' }, { TRIGGER: m.wrongFormat }],
  },
];

describe.each(backends)('the crud calls take one shape per action, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  /** `fields` undefined: a body that is no object at all, refused as a whole. */
  const refusesAtTheDoor = async (name: CallName, body: unknown, fields: Record<string, string> | undefined) => {
    expect(contract[name].body!.safeParse(body).success, `${name} ${JSON.stringify(body)}`).toBe(false);
    const answer = await t.unchecked[name](body);
    expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'VALIDATION',
      message: fields ? apiMessages.validation : apiMessages.notAnObject,
      ...(fields ? { fields } : {}),
    });
  };

  it.each(cases)('$name: a wrong shape is a Dutch 400 that changes nothing; the spec clients’ shapes still work', async (c) => {
    // What a client of spec section 7 sends: the record with a key the server does not know, which it drops.
    const created = await t.unchecked[c.name]({ ...c.record, CAMPS_USING: 3 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.data as unknown as Record<string, string | number>)[c.answerKey]!;
    // An id as text (a form's select) reads the record as a list.
    const read = await t.unchecked[c.name]({ action: 'read', [c.idKey]: String(id) });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([expect.objectContaining({ [c.idKey]: id })]);

    const before = await databaseDigest(t.db);
    await refusesAtTheDoor(c.name, { ...c.record, action: 'verwijder' }, { action: m.wrongFormat });
    await refusesAtTheDoor(c.name, { action: 'read' }, { [c.idKey]: m.required });
    await refusesAtTheDoor(c.name, { action: 'delete' }, { [c.idKey]: m.required });
    if (!c.textId) {
      await refusesAtTheDoor(c.name, { action: 'update', ...c.record }, { [c.idKey]: m.required });
      await refusesAtTheDoor(c.name, { action: 'delete', [c.idKey]: 'twee' }, { [c.idKey]: m.wrongFormat });
    }
    await refusesAtTheDoor(c.name, { ...c.record, [c.idKey]: id, ...c.wrongField[0] }, c.wrongField[1]);
    await refusesAtTheDoor(c.name, [c.record], undefined);
    expect(await databaseDigest(t.db)).toEqual(before);

    // Without an action, the record with its id updates; delete takes the id alone.
    expect((await t.unchecked[c.name]({ ...c.record, [c.idKey]: id })).body.data).toEqual({ [c.answerKey]: id });
    const deleted = await t.unchecked[c.name]({ action: 'delete', [c.idKey]: id });
    expect(deleted.body.data, JSON.stringify(deleted.body)).toEqual({ [c.answerKey]: id });
  });

  it('updateMonitor: a new monitor needs its fields, a card sends only its own; wrong shapes are Dutch 400s that change nothing', async () => {
    const record = example('updateMonitor');
    const created = await t.unchecked.updateMonitor({ ...record, MONITOR_ID: '', CAMPS: 'kennen we niet' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const monitorId = created.body.data.monitorId;
    const [stored] = (await t.api.getMonitors({ monitorId })).body.data;

    const before = await databaseDigest(t.db);
    await refusesAtTheDoor('updateMonitor', { MONITOR_ID: monitorId, MONITOR_EMAIL: 'geen-adres' }, { MONITOR_EMAIL: m.invalidEmail });
    await refusesAtTheDoor('updateMonitor', { MONITOR_ID: 'twee', MONITOR_CITY: 'Gent' }, { MONITOR_ID: m.wrongFormat });
    await refusesAtTheDoor('updateMonitor', { MONITOR_ID: monitorId, MONITOR_FIRSTNAME: '' }, { MONITOR_FIRSTNAME: m.required });
    await refusesAtTheDoor(
      'updateMonitor',
      { MONITOR_ID: monitorId, MONITOR_CAMP_LOCATION_1: 'Gent' },
      { MONITOR_CAMP_LOCATION_1: m.wrongFormat },
    );
    await refusesAtTheDoor('updateMonitor', ['Lotte'], undefined);
    // A new monitor without its required fields: the shape is right, the handler refuses it field by field.
    const incomplete = await t.unchecked.updateMonitor({ MONITOR_FIRSTNAME: 'Lotte' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.fields).toEqual({ MONITOR_LASTNAME: m.required, MONITOR_EMAIL: m.required, MONITOR_PHONE: m.required });
    expect(await databaseDigest(t.db)).toEqual(before);

    // A card sends only its own fields, with the masked national number as the detail shows it: the rest is kept.
    const card = await t.unchecked.updateMonitor({
      MONITOR_ID: String(monitorId),
      MONITOR_CITY: 'Brugge',
      MONITOR_NATIONALNR: stored!.MONITOR_NATIONALNR,
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const [after] = (await t.api.getMonitors({ monitorId })).body.data;
    expect(after).toEqual({ ...stored, MONITOR_CITY: 'Brugge', MONITOR_VERSION: stored!.MONITOR_VERSION + 1 });
  });
});
