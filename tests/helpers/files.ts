import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './api.js';

/**
 * Files the product hands out, read back as a user's tools read them: exceljs for xlsx, a CSV parser,
 * poppler's pdftotext and pdfinfo for PDF.
 */

export interface Download {
  body: Buffer;
  type: string | undefined;
  disposition: string;
}

/** A signed-in GET of a download that must succeed. */
export async function download(t: TestApp, url: string): Promise<Download> {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.token}` } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return {
    body: response.rawPayload,
    type: response.headers['content-type'] as string | undefined,
    disposition: String(response.headers['content-disposition']),
  };
}

export interface XlsxRow {
  value: (column: string) => unknown;
  numFmt: (column: string) => string;
}

/** The first sheet: its header row and its data rows, cells found by header. */
export async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: XlsxRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cell = (column: string) => {
      expect(header, `column ${column}`).toContain(column);
      return row.getCell(header.indexOf(column) + 1);
    };
    rows.push({ value: (column) => cell(column).value, numFmt: (column) => cell(column).numFmt });
  });
  return { sheet, header, rows };
}

/** A CSV as Belgian Excel expects it (UTF-8 with BOM, semicolons), as records keyed by the header. */
export function readCsv(body: Buffer): { header: string[]; records: Record<string, string>[] } {
  expect([...body.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...lines] = parse(body.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
  return { header, records: lines.map((line) => Object.fromEntries(header.map((h, i) => [h, line[i] ?? '']))) };
}

/** The text of a PDF as `pdftotext -layout` gives it. */
export const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** `pdfinfo`: page count and page size in points. */
export function pdfInfo(pdf: Buffer): { pages: number; pageSize: string } {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), pageSize: /Page size:\s+(.+)/.exec(info)![1]!.trim() };
}
