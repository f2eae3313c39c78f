import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { SpreadsheetFormat } from '@common/schemas/participants.js';

/**
 * Files the product hands out: spreadsheets (xlsx and CSV from one column list) and the answer that
 * carries any download.
 */

export type CellKind = 'text' | 'integer' | 'euro' | 'date' | 'datetime';
export type CellValue = string | number | null | undefined;

export interface Column<R> {
  header: string;
  kind: CellKind;
  /** Width in characters in the xlsx. */
  width?: number;
  value: (row: R) => CellValue;
}

export interface DownloadFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
} as const;

/** Euro as Belgian Excel shows it: € 1.234,50 (813 is the nl-BE locale id). */
const EURO_FORMAT = '[$€-813] #,##0.00;-[$€-813] #,##0.00';
const DATE_FORMAT = 'dd/mm/yyyy';
const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

const numberFormats: Partial<Record<CellKind, string>> = {
  integer: '0',
  euro: EURO_FORMAT,
  date: DATE_FORMAT,
  datetime: DATETIME_FORMAT,
};

const brusselsParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A timestamp as Belgian wall-clock time, parts as text: Excel has no time zones, staff read local time. */
function brusselsWallClock(iso: string): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = Object.fromEntries(brusselsParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** The cell value exceljs writes with its type: dates as dates (wall-clock time as UTC, which exceljs stores as is). */
function xlsxValue(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date': {
      const [y, m, d] = String(value).slice(0, 10).split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d));
    }
    case 'datetime': {
      const t = brusselsWallClock(String(value));
      return new Date(Date.UTC(Number(t.year), Number(t.month) - 1, Number(t.day), Number(t.hour), Number(t.minute)));
    }
    case 'integer':
    case 'euro':
      return Number(value);
    case 'text':
      return String(value);
  }
}

/** A real .xlsx: typed cells with number formats, a bold header row that stays in view, an autofilter. */
export async function writeXlsx<R>(sheetName: string, columns: Column<R>[], rows: Iterable<R>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // The streaming writer keeps only the current rows in memory: a year of 10,000 subscriptions stays small.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Kampbeheer';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length + 2) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const excelRow = sheet.addRow(columns.map((c) => xlsxValue(c.kind, c.value(row))));
    columns.forEach((c, i) => {
      const format = numberFormats[c.kind];
      if (format) excelRow.getCell(i + 1).numFmt = format;
    });
    excelRow.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

const csvEuro = new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/**
 * OWASP's rule against CSV injection: a text cell that starts with =, +, -, @, a tab or a carriage return gets a
 * leading apostrophe, whatever follows, so no spreadsheet runs it as a formula ('-2+3+cmd|…' is one, though it
 * starts like a number). Only text is touched: the numbers and dates the product writes itself are other kinds.
 */
function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvText(kind: CellKind, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'integer':
      return String(value);
    case 'euro':
      return csvEuro.format(Number(value));
    case 'date': {
      const [y, m, d] = String(value).slice(0, 10).split('-');
      return `${d}/${m}/${y}`;
    }
    case 'datetime': {
      const t = brusselsWallClock(String(value));
      return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}`;
    }
    case 'text':
      return defuseFormula(String(value));
  }
}

/** Characters that make a CSV field quoted (RFC 4180, with Belgian Excel's semicolon as the separator). */
const CSV_QUOTED = [';', '"', '\r', '\n'];
const quoteCsv = (text: string) =>
  CSV_QUOTED.some((c) => text.includes(c)) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;

/** CSV as Belgian Excel opens it: UTF-8 with a byte order mark, semicolons, decimal commas, dd/mm/yyyy, CRLF. */
export function writeCsv<R>(columns: Column<R>[], rows: Iterable<R>): Buffer {
  const lines = [columns.map((c) => quoteCsv(c.header)).join(';')];
  for (const row of rows) lines.push(columns.map((c) => quoteCsv(csvText(c.kind, c.value(row)))).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** One spreadsheet in the asked format. */
export async function spreadsheetFile<R>(
  format: SpreadsheetFormat,
  baseName: string,
  sheetName: string,
  columns: Column<R>[],
  rows: R[],
): Promise<DownloadFile> {
  return format === 'xlsx'
    ? { body: await writeXlsx(sheetName, columns, rows), contentType: CONTENT_TYPES.xlsx, fileName: `${baseName}.xlsx` }
    : { body: writeCsv(columns, rows), contentType: CONTENT_TYPES.csv, fileName: `${baseName}.csv` };
}

/** 'Zwemmen & spel - Gent' → 'zwemmen-spel-gent': a file name without accents, spaces or punctuation. */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The answer of a download: its type, its file name, and no caching of personal data. */
export function sendDownload(reply: FastifyReply, file: DownloadFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
