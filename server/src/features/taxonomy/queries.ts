import { sql } from 'drizzle-orm';
import { compareDutch } from '@common/sort.js';
import { themeRecord } from '@common/schemas/themes.js';
import { agegroupRecord, locationRecord, paymentMethodRecord, periodRecord, type TaxonomyType } from '@common/schemas/taxonomy.js';
import type { DataOf } from '@common/contract/index.js';
import type { taxonomyCalls } from '@common/contract/taxonomy.js';
import { readRows, type Executor } from '../../db/client.js';
import { isoTimestamp, startsInYear } from '../../db/sql.js';

type TaxonomyList = DataOf<(typeof taxonomyCalls)['getTaxonomy']>;

/** The lookup lists of spec section 3, by type; periods only of one camp year when `year` is given, sorted by name. */
export async function listTaxonomy(db: Executor, type: TaxonomyType, options: { year?: number; themeId?: number }): Promise<TaxonomyList> {
  switch (type) {
    case 'location': {
      const rows = await readRows(
        db,
        sql`select id as "LOCATION_ID", name as "LOCATION_NAME", name_short as "LOCATION_NAME_SHORT",
              ${isoTimestamp('allow_booking_from')} as "LOCATION_ALLOW_BOOKING_FROM", allow_booking_info as "LOCATION_ALLOW_BOOKING_INFO"
            from locations`,
        locationRecord,
      );
      return rows.sort((a, b) => compareDutch(a.LOCATION_NAME, b.LOCATION_NAME));
    }
    case 'theme':
      return readRows(
        db,
        options.themeId === undefined
          ? sql`select id as "THEME_ID", version as "THEME_VERSION", name as "THEME_NAME" from themes order by id`
          : sql`select id as "THEME_ID", version as "THEME_VERSION", name as "THEME_NAME" from themes where id = ${options.themeId}`,
        themeRecord,
      );
    case 'period': {
      const rows = await readRows(
        db,
        sql`select id as "PERIOD_ID", name as "PERIOD_NAME", name_short as "PERIOD_NAME_SHORT",
              start_date::text as "PERIOD_STARTDATE", end_date::text as "PERIOD_ENDDATE"
            from periods
            ${options.year === undefined ? sql`` : sql`where ${startsInYear('start_date', options.year)}`}`,
        periodRecord,
      );
      return rows.sort((a, b) => compareDutch(a.PERIOD_NAME, b.PERIOD_NAME) || a.PERIOD_STARTDATE.localeCompare(b.PERIOD_STARTDATE));
    }
    case 'agegroup':
      return readRows(db, sql`select id as "AGEGROUP_ID", name as "AGEGROUP_NAME" from agegroups order by id`, agegroupRecord);
    case 'paymentmethod':
      return readRows(
        db,
        sql`select id as "PAYMENTMETHOD_ID", description as "PAYMENTMETHOD_DESCRIPTION" from payment_methods order by id`,
        paymentMethodRecord,
      );
  }
}
