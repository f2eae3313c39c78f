import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Call, type CallName } from '@common/contract/index.js';
import { maskNationalNumber } from '@common/identity-numbers.js';
import type { Role } from '@common/roles.js';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download as downloadFile, pdfText, readCsv } from '../helpers/files.js';
import { addUser, signIn } from '../helpers/users.js';
import { attestDownloads } from '../helpers/attest-calls.js';

const YEAR = new Date().getFullYear();

interface Family {
  id: number;
  reference: string;
  firstname: string;
  child_number: string;
  parent_number: string;
}

/**
 * National register numbers (issue 20): no list answer carries them, and the overview's search by national number
 * goes through searchSubscriptions: a part of a number for a beheerder (as the spec's search), only whole numbers
 * for a medewerker.
 */
describe.each(backends)('national register numbers on %s', (backend) => {
  let t: TestApp;
  let families: Family[];
  let medewerker: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 12 });
    families = await queryRows<Family>(
      t.db,
      sql`select s.id, s.reference, ch.firstname, ch.nationalnr as child_number, pa.nationalnr as parent_number
          from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${YEAR} and ch.nationalnr is not null and pa.nationalnr is not null
          order by s.id`,
    );
    expect(families.length).toBeGreaterThan(3);
    await addUser(t.db, 'medewerker@kamp.test', 'medewerker');
    medewerker = await signIn(t, 'medewerker@kamp.test');
  });
  afterAll(async () => t?.close());

  /** Every subscription of the year that holds this national number, as the database says. */
  const holding = (number: string) =>
    queryRows<{ id: number }>(
      t.db,
      sql`select s.id from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${YEAR}
            and (ch.nationalnr = ${number} or pa.nationalnr = ${number}) order by s.id`,
    ).then((rows) => rows.map((r) => r.id));
  const search = async (q: string, year = YEAR, token?: string) => {
    const answer = await t.api.searchSubscriptions({ campYear: year, q }, { token });
    expect(answer.status).toBe(200);
    return answer.body.data as number[];
  };

  it('getSubscriptions answers no national number of any child or parent', async () => {
    const answer = await t.api.getSubscriptions({ campYear: YEAR });
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/NATIONALNR/);
    for (const family of families) {
      expect(text).not.toContain(family.child_number);
      expect(text).not.toContain(family.parent_number.replace(/\D/g, ''));
    }
  });

  it("searchSubscriptions finds the child's and the parent's whole number, with or without punctuation", async () => {
    const family = families[0]!;
    expect(await search(family.child_number)).toEqual(await holding(family.child_number));
    expect(await search(family.child_number)).toContain(family.id);
    expect(await search(family.child_number.replace(/\D/g, ''))).toContain(family.id);
    expect(await search(` ${family.parent_number.replace(/\D/g, '')} `)).toEqual(await holding(family.parent_number));
    // Every other word must occur in the overview's fields: the name or the reference.
    expect(await search(`${family.firstname} ${family.child_number}`)).toContain(family.id);
    expect(await search(`${family.reference} ${family.child_number}`)).toEqual([family.id]);
    expect(await search(`zzqx ${family.child_number}`)).toEqual([]);
    // A camp year without that family finds nothing.
    expect(await search(family.child_number, 1999)).toEqual([]);
  });

  it('searchSubscriptions finds a part of a number for a beheerder, as the spec searches, and only whole numbers for a medewerker', async () => {
    const family = families[0]!;
    const digits = family.child_number.replace(/\D/g, '');
    for (const part of [digits.slice(0, 10), digits.slice(1), digits.slice(3, 9)]) {
      expect(await search(part)).toContain(family.id);
      expect(await search(`${family.firstname} ${part}`)).toContain(family.id);
      expect(await search(`zzqx ${part}`)).toEqual([]);
      // A medewerker cannot probe a number digit by digit.
      expect(await search(part, YEAR, medewerker)).toEqual([]);
    }
    expect(await search(digits, YEAR, medewerker)).toEqual(await holding(family.child_number));
    expect(await search('x')).toEqual([]);
  });

  it('refuses a bad year or an overlong query with the error shape', async () => {
    const badYear = await t.unchecked.searchSubscriptions({ campYear: 'twintig', q: 12 });
    expect(badYear.status).toBe(400);
    expect(badYear.body.error?.fields).toHaveProperty('campYear');
    const overlong = await t.api.searchSubscriptions({ campYear: YEAR, q: '9'.repeat(201) });
    expect(overlong.status).toBe(400);
    expect(overlong.body.error?.fields).toHaveProperty('q');
  });

  it("the overview's export still selects by a national number, the same rows searchSubscriptions finds", async () => {
    const family = families[1]!;
    const file = await downloadFile(
      t,
      `/api/exportSubscriptions?campYear=${YEAR}&format=csv&search=${encodeURIComponent(family.parent_number)}`,
    );
    const references = readCsv(file.body).records.map((r) => r.Referentie);
    const expected = await queryRows<{ reference: string }>(
      t.db,
      sql`select reference from subscriptions where id in (${sql.join(
        (await holding(family.parent_number)).map((id) => sql`${id}`),
        sql`, `,
      )}) and not cancelled`,
    );
    expect(references.sort()).toEqual(expected.map((r) => r.reference).sort());
    expect(references).toContain(family.reference);
    expect(file.body.toString('utf8')).not.toContain(family.parent_number);
  });
});

/**
 * The answers that may carry a national number in full: the reveal itself, the access request (GDPR art. 15:
 * the data is the family's own, given to a beheerder to hand over), and the fiscal attest's files and debtors
 * (issue 16, the number's legal basis; beheerder only; tests/api/attests.test.ts reads them).
 */
const carriesNationalNumbers = new Set(['revealNationalNumber', 'exportFamilyData', 'getFiscalAttestChild', ...attestDownloads]);

/** An answer as a user's tool reads it: JSON and CSV as text, a spreadsheet's cells, a PDF's text. */
async function readable(body: Buffer, contentType: string): Promise<string> {
  if (contentType.includes('spreadsheetml')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    return cells.join('\n');
  }
  if (contentType.includes('application/pdf')) return pdfText(body);
  return body.toString('utf8');
}

describe.each(backends)('no answer but the reveal carries a national number, on %s', (backend) => {
  let t: TestApp;
  const tokens = {} as Record<Extract<Role, 'beheerder' | 'medewerker'>, string>;
  let numbers: string[];
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 6 });
    await addUser(t.db, 'beheerder@kamp.test', 'beheerder');
    await addUser(t.db, 'medewerker@kamp.test', 'medewerker');
    tokens.beheerder = await signIn(t, 'beheerder@kamp.test');
    tokens.medewerker = await signIn(t, 'medewerker@kamp.test');
    numbers = (
      await queryRows<{ n: string }>(
        t.db,
        sql`select nationalnr as n from children where nationalnr is not null
            union select nationalnr from parents where nationalnr is not null
            union select nationalnr from monitors where nationalnr is not null`,
      )
    ).map((row) => row.n);
    expect(numbers.length).toBeGreaterThan(50);
  });
  afterAll(async () => t?.close());

  /** Every GET of the call table with its example, each download in each of its formats. */
  const requests = () =>
    (Object.entries(contract) as [string, Call][])
      // A family's reads answer no national number either: tests/api/public-site.test.ts. An offer's link (getOffer)
      // answers only for a mailed token, with the children's first names (tests/api/waiting-list.test.ts).
      .filter(([name, c]) => c.method === 'GET' && !c.family && name !== 'getOffer')
      .flatMap(([name, c]) => {
        const query = (c.example.query ?? {}) as Record<string, unknown>;
        const call = name as CallName;
        if (!c.files || !('format' in query)) return [{ name, call, query, public: c.public }];
        return c.files.map((format) => ({ name: `${name} (${format})`, call, query: { ...query, format }, public: c.public }));
      });

  /** The national numbers (formatted or as digits) an answer holds. */
  const numbersIn = (text: string) => {
    const digits = text.replace(/[^0-9]/g, ' ');
    return numbers.filter((n) => text.includes(n) || digits.includes(n.replace(/\D/g, '')));
  };

  it.each(['beheerder', 'medewerker'] as const)('as %s: every GET answer but the reveal is free of the national numbers', async (role) => {
    const leaks: string[] = [];
    let read = 0;
    for (const request of requests()) {
      const base = request.name.split(' ')[0]!;
      if (carriesNationalNumbers.has(base)) continue;
      // Unchecked: every read of the table in one loop, by its name, with its example.
      const response = await t.unchecked[request.call](request.query, { token: request.public ? null : tokens[role] });
      if (response.status === 403) continue;
      expect(response.status, `${request.name}: ${response.bytes.toString().slice(0, 200)}`).toBe(200);
      read++;
      const found = numbersIn(await readable(response.bytes, String(response.headers['content-type'])));
      if (found.length > 0) leaks.push(`${request.name}: ${found.length} numbers`);
    }
    expect(leaks).toEqual([]);
    expect(read).toBeGreaterThan(35);
    console.log(`${role}: ${read} GET answers hold none of ${numbers.length} national numbers`);
  });

  it('the details show the numbers masked', async () => {
    const [row] = await queryRows<{ id: number; child: string; parent: string }>(
      t.db,
      sql`select s.id, ch.nationalnr as child, pa.nationalnr as parent from subscriptions s
          join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          where ch.nationalnr is not null and pa.nationalnr is not null order by s.id limit 1`,
    );
    const detail = (await t.api.getSubscriptionFullDetail({ id: row!.id }, { token: tokens.medewerker })).body.data[0]!;
    expect(detail.SUBSCRIBER_NATIONALNR).toBe(maskNationalNumber(row!.child));
    expect(detail.SUBSCRIBER_NATIONALNR).toMatch(/^\d{2}\.\d{2}\.\d{2}-\*\*\*\.\*\*$/);
    expect(detail.SUBSCRIBER_PARENT_NATIONALNR).toBe(maskNationalNumber(row!.parent));
  });

  it('revealNationalNumber answers the full number to a beheerder and audits who, whose and when; a medewerker gets 403', async () => {
    const [child] = await queryRows<{ id: number; nationalnr: string; parent_id: number; parent_nr: string }>(
      t.db,
      sql`select ch.id, ch.nationalnr, pa.id as parent_id, pa.nationalnr as parent_nr from children ch
          join parents pa on pa.id = ch.parent_id where ch.nationalnr is not null and pa.nationalnr is not null order by ch.id limit 1`,
    );
    const [monitor] = await queryRows<{ id: number; nationalnr: string }>(
      t.db,
      sql`select id, nationalnr from monitors where nationalnr is not null order by id limit 1`,
    );
    const reveal = (query: InputOf<'revealNationalNumber'>, token: string) => t.api.revealNationalNumber(query, { token });
    const before = new Date(Date.now() - 1000);

    const refused = await reveal({ subscriberId: child!.id }, tokens.medewerker);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('FORBIDDEN');
    expect(refused.body.error?.message).toBe('Je hebt geen toegang tot deze functie.');

    expect((await reveal({ subscriberId: child!.id }, tokens.beheerder)).body.data).toEqual({ nationalNumber: child!.nationalnr });
    expect((await reveal({ parentId: child!.parent_id }, tokens.beheerder)).body.data).toEqual({ nationalNumber: child!.parent_nr });
    expect((await reveal({ monitorId: monitor!.id }, tokens.beheerder)).body.data).toEqual({ nationalNumber: monitor!.nationalnr });

    const entries = await queryRows<{ entity: string; entity_id: number; email: string; before: unknown; after: unknown; at: string }>(
      t.db,
      sql`select a.entity, a.entity_id, ad.email, a.before, a.after, a.created_at::text as at from audit_log a
          join admins ad on ad.id = a.admin_id where a.action = 'revealNationalNumber' order by a.id`,
    );
    expect(entries.map(({ entity, entity_id, email, before, after }) => ({ entity, entity_id, email, before, after }))).toEqual([
      { entity: 'subscriber', entity_id: child!.id, email: 'beheerder@kamp.test', before: null, after: null },
      { entity: 'parent', entity_id: child!.parent_id, email: 'beheerder@kamp.test', before: null, after: null },
      { entity: 'monitor', entity_id: monitor!.id, email: 'beheerder@kamp.test', before: null, after: null },
    ]);
    for (const entry of entries) expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(before.getTime());

    // Unknown ids are 404 and audit nothing; none or two owners is bad input.
    const unknown = await reveal({ parentId: 999999 }, tokens.beheerder);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('Ouder niet gevonden');
    expect((await t.unchecked.revealNationalNumber({}, { token: tokens.beheerder })).status).toBe(400);
    expect((await t.unchecked.revealNationalNumber({ parentId: 1, monitorId: 1 }, { token: tokens.beheerder })).status).toBe(400);
    expect(
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where action = 'revealNationalNumber'`))[0]!.n,
    ).toBe(3);
  });

  it('a monitor saved with its masked number keeps it; a new number is saved; the audit stores both masked', async () => {
    const [monitor] = await queryRows<{ id: number; nationalnr: string; birthdate: string }>(
      t.db,
      sql`select id, nationalnr, birthdate::text as birthdate from monitors where nationalnr is not null order by id limit 1`,
    );
    const [shown] = (await t.api.getMonitors({ monitorId: monitor!.id }, { token: tokens.medewerker })).body.data;
    expect(shown!.MONITOR_NATIONALNR).toBe(maskNationalNumber(monitor!.nationalnr));
    // The whole record sent back as it was answered: the mask means 'unchanged'.
    const { MONITOR_ID, MONITOR_VERSION, ...fields } = shown!;
    const kept = await t.api.updateMonitor(
      { MONITOR_ID, MONITOR_VERSION, ...fields, MONITOR_CITY: 'Brugge' },
      { token: tokens.medewerker },
    );
    expect(kept.status).toBe(200);
    const stored = async () =>
      (await queryRows<{ nationalnr: string | null }>(t.db, sql`select nationalnr from monitors where id = ${monitor!.id}`))[0]!.nationalnr;
    expect(await stored()).toBe(monitor!.nationalnr);
    // Another mask is no number: refused with the rule's message.
    const otherMask = await t.api.updateMonitor({ MONITOR_ID, MONITOR_NATIONALNR: '99.01.01-***.**' }, { token: tokens.medewerker });
    expect(otherMask.status).toBe(400);
    expect(otherMask.body.error?.fields).toEqual({ MONITOR_NATIONALNR: 'Rijksregisternummer klopt niet (controlecijfers).' });
    // A new number of the same birth date: saved, and the history shows it changed though both masks read the same.
    const digits = monitor!.nationalnr.replace(/\D/g, '');
    const sequence = (Number(digits.slice(6, 9)) % 996) + 1;
    const { formatNationalNumber } = await import('@common/identity-numbers.js');
    const fresh = formatNationalNumber(monitor!.birthdate, sequence);
    const changed = await t.api.updateMonitor({ MONITOR_ID, MONITOR_NATIONALNR: fresh }, { token: tokens.medewerker });
    expect(changed.status).toBe(200);
    expect(await stored()).toBe(fresh);
    const audit = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.db,
      sql`select before, after from audit_log where entity = 'monitor' and entity_id = ${monitor!.id} and action = 'updateMonitor:update' order by id`,
    );
    expect(audit.at(-2)!.after.MONITOR_NATIONALNR).toBe(maskNationalNumber(monitor!.nationalnr));
    expect(audit.at(-1)!.before.MONITOR_NATIONALNR).toBe(maskNationalNumber(monitor!.nationalnr));
    expect(audit.at(-1)!.after.MONITOR_NATIONALNR).toBe(`${maskNationalNumber(fresh)} (gewijzigd)`);
    const history = await t.api.getAuditLog({ entity: 'monitor', entityId: monitor!.id }, { token: tokens.beheerder });
    expect(JSON.stringify(history.body)).not.toContain(fresh);
    expect(JSON.stringify(history.body)).toContain('(gewijzigd)');
  });
});
