import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createCamp, createLocation, createMonitor, createPeriod, createSubscription, createTheme } from '../helpers/factory.js';
import { startSmtpServer, type ReceivedMail } from '../helpers/smtp.js';
import { addUser } from '../helpers/users.js';

/**
 * The planning's mails to monitors (issue 36) through a real SMTP server: nothing while the planning is a draft, each
 * monitor their own camps when it is published, and afterwards what changed for them, in Dutch; never a child, a family
 * or another monitor's camps.
 */
describe.each(backends)('planning mails to monitors on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const year = new Date().getFullYear() + 1;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(backend, { seed: 'none', env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));
  /** Waits until the address has `count` mails, and answers the last. */
  async function nthMail(email: string, count: number): Promise<ReceivedMail> {
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(count);
    return mailsTo(email).at(-1)!;
  }

  it('mails each monitor their own planning when it is published, and what changed afterwards', async () => {
    const week1 = await createPeriod(t.db, { startDate: `${year}-07-06`, name: 'Week 1' });
    const week2 = await createPeriod(t.db, { startDate: `${year}-07-13`, name: 'Week 2' });
    const location = await createLocation(t.db, { name: 'Sporthal Zonnebloem' });
    const football = await createTheme(t.db, { name: 'Voetbal' });
    const dance = await createTheme(t.db, { name: 'Dans' });
    const campA = await createCamp(t.db, { periodId: week1, locationId: location, themeId: football });
    const campB = await createCamp(t.db, { periodId: week2, locationId: location, themeId: dance });
    await createSubscription(t.db, { campId: campA, childFirstname: 'Geheimkind' });
    const ann = await createMonitor(t.db, { firstname: 'Ann', lastname: 'Aerts', email: 'ann.planning@example.be' });
    const bert = await createMonitor(t.db, { firstname: 'Bert', lastname: 'Buys', email: 'bert.planning@example.be' });
    const cas = await createMonitor(t.db, { firstname: 'Cas', lastname: 'Claes', email: 'cas.planning@example.be' });
    await addUser(t.db, 'ann.login@example.be', 'monitor', ann);
    for (const m of [ann, bert, cas]) await t.api.saveAvailability({ MONITOR_ID: m, PERIOD_IDS: [week1, week2], campYear: year });
    await t.api.assignMonitor({ MONITOR_ID: ann, CAMP_ID: campA, HEAD: true });
    await t.api.assignMonitor({ MONITOR_ID: bert, CAMP_ID: campA, HEAD: false });

    // Not published: the planning is still being made, nobody gets mail.
    expect((await t.api.getPlanning({ campYear: year })).body.data.PUBLISHED_AT).toBeNull();
    const published = await t.api.publishPlanning({ campYear: year });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // Cas is planned nowhere: no mail for him.
    expect(published.body.data.MAILS).toBe(2);
    expect((await t.api.getPlanning({ campYear: year })).body.data.PUBLISHED_AT).toBe(published.body.data.PUBLISHED_AT);

    const toAnn = await nthMail('ann.planning@example.be', 1);
    expect(toAnn.subject).toBe(`Je kampplanning voor ${year}`);
    expect(toAnn.text).toContain('Dag Ann,');
    expect(toAnn.text).toContain(`- Week 1 (06/07/${year} tot 10/07/${year}): Voetbal, Sporthal Zonnebloem`);
    expect(toAnn.text).toContain('(hoofdmonitor)');
    // Ann signs in as a monitor: the mail says where her lists are.
    expect(toAnn.text).toContain("'Mijn planning'");
    const toBert = await nthMail('bert.planning@example.be', 1);
    expect(toBert.text).toContain('Week 1');
    expect(toBert.text).not.toContain('hoofdmonitor');
    expect(toBert.text).not.toContain("'Mijn planning'");
    for (const mail of [toAnn, toBert]) {
      expect(mail.text).not.toContain('Geheimkind');
      expect(mail.text).not.toMatch(/Aerts|Buys/);
    }
    expect(mailsTo('cas.planning@example.be')).toEqual([]);

    // Afterwards every change mails the monitor it concerns: planned on a camp ...
    await t.api.assignMonitor({ MONITOR_ID: cas, CAMP_ID: campB, HEAD: false });
    const casAdded = await nthMail('cas.planning@example.be', 1);
    expect(casAdded.subject).toBe(`Je kampplanning voor ${year} is gewijzigd`);
    expect(casAdded.text).toContain(`- Nieuw: Week 2 (13/07/${year} tot 17/07/${year}): Dans, Sporthal Zonnebloem`);
    expect(casAdded.text).toContain('Je planning zoals ze nu is:');

    // ... a new head monitor (and the former one hears they are no longer) ...
    await t.api.assignMonitor({ MONITOR_ID: bert, CAMP_ID: campA, HEAD: true });
    expect((await nthMail('bert.planning@example.be', 2)).text).toContain('- Je bent nu hoofdmonitor op Week 1');
    expect((await nthMail('ann.planning@example.be', 2)).text).toContain('- Je bent geen hoofdmonitor meer op Week 1');

    // ... and taken off a camp.
    await t.api.unassignMonitor({ MONITOR_ID: cas, CAMP_ID: campB });
    const casRemoved = await nthMail('cas.planning@example.be', 2);
    expect(casRemoved.text).toContain('- Niet meer: Week 2');
    expect(casRemoved.text).toContain(`Je staat nu op geen enkel kamp van ${year} ingepland.`);

    // An allowance entered on an existing assignment changes nothing the monitor is told about.
    await t.api.assignMonitor({ MONITOR_ID: bert, CAMP_ID: campA, HEAD: true, ALLOWANCE_PER_DAY: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('bert.planning@example.be')).toHaveLength(2);
  });
});
