import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { extractTextItems, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import type { TestApp } from './api.js';

/**
 * Files the product hands out, read back as a user's tools read them: exceljs for xlsx, a CSV parser, and for PDF
 * pdf.js (the reader of Firefox, through unpdf), with no program of the system.
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

/**
 * The text of a PDF laid out as `pdftotext -layout` gives it, as far as the tests read it: each line of a page on a
 * line of its own (text at the same height, left to right, words and columns apart by a space), pages apart by a
 * form feed.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { items } = await extractTextItems(new Uint8Array(pdf));
  return items
    .map((page) => {
      const lines: { y: number; height: number; parts: typeof page }[] = [];
      for (const item of page.filter((i) => i.str !== '').sort((a, b) => b.y - a.y)) {
        const line = lines.find((l) => Math.abs(l.y - item.y) < Math.max(l.height, item.fontSize) / 2);
        if (line) line.parts.push(item);
        else lines.push({ y: item.y, height: item.fontSize, parts: [item] });
      }
      return lines
        .map(({ parts }) =>
          parts
            .sort((a, b) => a.x - b.x)
            .reduce((text, part, i) => {
              const before = parts[i - 1];
              // Apart when a gap of more than a tenth of the font size lies between them, as words and columns are.
              const apart = before && part.x - (before.x + before.width) > part.fontSize / 10 && !/\s$/.test(text);
              return text + (apart ? ' ' : '') + part.str;
            }, ''),
        )
        .join('\n');
    })
    .join('\f');
}

/** Page count and the first page's size in points, as `pdfinfo` writes it ('595.28 x 841.89 pts (A4)'). */
export async function pdfInfo(pdf: Buffer): Promise<{ pages: number; pageSize: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const [, , width, height] = (await document.getPage(1)).view as [number, number, number, number];
  const a4 = [width, height].sort((a, b) => a - b).every((side, i) => Math.abs(side - [595, 842][i]!) < 1);
  return { pages: document.numPages, pageSize: `${width} x ${height} pts${a4 ? ' (A4)' : ''}` };
}

/**
 * The text of a PDF that does not lie wholly on its page, with some margin (a cell whose text runs off the paper's
 * edge, cut off when printed): every piece of text must start at or after `margin` points from the left and end
 * `margin` points before the right edge.
 */
export async function pdfTextOffPage(pdf: Buffer, margin = 10): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { items } = await extractTextItems(new Uint8Array(pdf));
  const off: string[] = [];
  for (const [index, page] of items.entries()) {
    const [, , width] = (await document.getPage(index + 1)).view as [number, number, number, number];
    for (const item of page) if (item.str.trim() !== '' && (item.x < margin || item.x + item.width > width - margin)) off.push(item.str);
  }
  return off;
}
