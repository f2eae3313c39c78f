import type { SpreadsheetFormat } from '@common/schemas/participants.js';
import type { Executor } from '../../db/client.js';
import { spreadsheetFile, type Column, type DownloadFile } from '../../lib/downloads.js';
import { getDashboard } from './queries.js';

interface DiscountLine {
  reason: string;
  location: string;
  count: number;
  amount: number;
}

/** exportDiscountsByReason: one line per reason and location, as a municipality's compensation claim asks. */
export async function discountsByReasonFile(db: Executor, year: number, format: SpreadsheetFormat): Promise<DownloadFile> {
  const dashboard = await getDashboard(db, year);
  const locationNames = new Map(dashboard.locations.map((l) => [l.locationId, l.name]));
  const lines: DiscountLine[] = dashboard.discountsByReason.map((d) => ({
    reason: d.reason,
    location: locationNames.get(d.locationId) ?? '',
    count: d.count,
    amount: d.amountCents / 100,
  }));
  const columns: Column<DiscountLine>[] = [
    { header: 'Reden', kind: 'text', width: 28, value: (d) => d.reason },
    { header: 'Locatie', kind: 'text', width: 28, value: (d) => d.location },
    { header: 'Aantal', kind: 'integer', width: 10, value: (d) => d.count },
    { header: 'Bedrag (€)', kind: 'euro', width: 14, value: (d) => d.amount },
  ];
  return spreadsheetFile(format, `kortingen-${year}`, `Kortingen ${year}`, columns, lines);
}
