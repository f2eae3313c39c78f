import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { familyChild, familyRecord, MAX_FAMILIES, type FamiliesAnswer } from '@common/schemas/registration.js';
import { readRows, type Executor } from '../../db/client.js';
import { sameNationalNumber } from '../../db/sql.js';

/** Lower case without accents, in SQL, for the family search ('celine' finds 'Céline'). */
const folded = (expression: string) => sql.raw(`translate(lower(${expression}), 'áàâäãéèêëíìîïóòôöõúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`);

const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/**
 * Parents whose name or e-mail holds every word of the search (or one of whose children's names does), or
 * whose or whose child's national number is the search's digits; at most 20, by last name, and how many there are
 * (issue 39: the screen says so and asks to refine). The national numbers are searched here on the server and never
 * answered.
 */
export async function findFamilies(db: Executor, search: string): Promise<FamiliesAnswer> {
  const words = foldText(search)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}@]/u.test(w));
  const digits = search.replace(/\D/g, '');
  const haystack = sql`${folded("p.firstname || ' ' || p.lastname || ' ' || p.email")} || ' ' || coalesce((select string_agg(${folded("ch.firstname || ' ' || ch.lastname")}, ' ') from children ch where ch.parent_id = p.id), '')`;
  const byWords =
    words.length > 0
      ? sql.join(
          words.map((w) => sql`strpos(${haystack}, ${w}) > 0`),
          sql` and `,
        )
      : sql`false`;
  const byNumber =
    digits.length >= 6
      ? sql`(${sameNationalNumber(sql`p.nationalnr`, digits)}
             or exists (select 1 from children ch where ch.parent_id = p.id and ${sameNationalNumber(sql`ch.nationalnr`, digits)}))`
      : sql`false`;
  const rows = await readRows(
    db,
    sql`select p.id as "SUBSCRIBER_PARENT_ID", p.firstname as "SUBSCRIBER_PARENT_FIRSTNAME", p.lastname as "SUBSCRIBER_PARENT_LASTNAME",
          p.street as "SUBSCRIBER_PARENT_STREET", p.housenr as "SUBSCRIBER_PARENT_HOUSENR", p.postalcode as "SUBSCRIBER_PARENT_POSTALCODE",
          p.city as "SUBSCRIBER_PARENT_CITY", p.email as "SUBSCRIBER_PARENT_EMAIL", p.phone as "SUBSCRIBER_PARENT_PHONE",
          coalesce((select json_agg(json_build_object('SUBSCRIBER_ID', ch.id, 'SUBSCRIBER_FIRSTNAME', ch.firstname,
                      'SUBSCRIBER_LASTNAME', ch.lastname, 'SUBSCRIBER_GENDER_ID', ch.gender_id, 'SUBSCRIBER_BIRTHDATE', ch.birthdate::text)
                    order by ch.birthdate, ch.id)
                    from children ch where ch.parent_id = p.id), '[]'::json) as "CHILDREN",
          count(*) over ()::int as total
        from parents p
        where (${byWords}) or ${byNumber}
        order by p.lastname, p.firstname, p.id
        limit ${MAX_FAMILIES}`,
    familyRecord.extend({
      CHILDREN: z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.array(familyChild)),
      total: z.number(),
    }),
  );
  return { FAMILIES: rows.map(({ total: _total, ...family }) => family), TOTAL: rows[0]?.total ?? 0 };
}
