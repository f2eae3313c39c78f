import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { looksLikeXml, parseCamt053 } from './camt053.js';
import { parseCoda } from './coda.js';
import { BankFileError, bankFileMessages, CONTROL_CHARACTER, type BankStatement } from './statement.js';

/** What a zip may unpack to: a month of statements is far below both, a zip bomb far above. */
export const ZIP_LIMITS = { entries: 500, totalBytes: 50 * 1024 * 1024 } as const;

export interface StatementFile {
  /** The uploaded name; for a file from a zip 'archief.zip/afschrift.cod'. */
  fileName: string;
  format: 'coda' | 'camt053';
  statements: BankStatement[];
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);
}

/**
 * Reads one uploaded file: a CODA file, a CAMT.053 XML file, or a zip of them. A refusal names the
 * file (and inside it the line); one bad file in a zip refuses the zip.
 */
export function readStatementFile(fileName: string, bytes: Uint8Array): StatementFile[] {
  // A name is stored and shown: a control character (a NUL byte, …) in it is refused, shown as '?'.
  if (CONTROL_CHARACTER.test(fileName)) {
    throw new BankFileError(`${fileName.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '?')}: ${bankFileMessages.badFileName}`);
  }
  try {
    if (isZip(bytes)) {
      return unzip(bytes).flatMap((entry) => {
        const inner = `${fileName}/${entry.name}`;
        if (isZip(entry.bytes)) throw new BankFileError(`${inner}: ${bankFileMessages.notCoda}`);
        return readStatementFile(inner, entry.bytes);
      });
    }
    if (looksLikeXml(bytes)) return [{ fileName, format: 'camt053', statements: parseCamt053(bytes) }];
    return [{ fileName, format: 'coda', statements: parseCoda(bytes) }];
  } catch (error) {
    if (error instanceof BankFileError && !error.message.startsWith(`${fileName}`)) {
      throw new BankFileError(`${fileName}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * The files of a zip (folders, macOS resource forks and hidden files left out), unpacked while
 * counting: the count of entries and the bytes actually inflated are capped, whatever the zip's
 * headers claim about their sizes.
 */
function unzip(bytes: Uint8Array): { name: string; bytes: Uint8Array }[] {
  const tooBig = () =>
    new BankFileError(
      `${bankFileMessages.notCoda}: het zip-bestand pakt uit tot meer dan ${ZIP_LIMITS.entries} bestanden of ${ZIP_LIMITS.totalBytes / 1024 / 1024} MB`,
    );
  const files: { name: string; chunks: Uint8Array[]; done: boolean }[] = [];
  let total = 0;
  let entries = 0;
  let failure: Error | null = null;
  const unzipper = new Unzip((file) => {
    if (failure) return;
    const base = file.name.split('/').pop() ?? '';
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || base.startsWith('.')) return;
    if (++entries > ZIP_LIMITS.entries) {
      failure = tooBig();
      return;
    }
    const entry = { name: file.name, chunks: [] as Uint8Array[], done: false };
    files.push(entry);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      total += chunk.length;
      if (total > ZIP_LIMITS.totalBytes) {
        failure = tooBig();
        file.terminate();
        return;
      }
      entry.chunks.push(chunk);
      if (final) entry.done = true;
    };
    try {
      file.start();
    } catch (error) {
      failure = error as Error;
    }
  });
  unzipper.register(UnzipInflate);
  unzipper.register(UnzipPassThrough);
  try {
    // In slices, so a bomb is stopped after the slice that crosses the cap rather than after the whole zip.
    const slice = 64 * 1024;
    for (let offset = 0; offset < bytes.length && !failure; offset += slice) {
      unzipper.push(bytes.subarray(offset, offset + slice), offset + slice >= bytes.length);
    }
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw failure instanceof BankFileError ? failure : new BankFileError(bankFileMessages.notCoda);
  if (files.length === 0 || files.some((f) => !f.done)) throw new BankFileError(bankFileMessages.notCoda);
  return files.map((f) => ({ name: f.name, bytes: Buffer.concat(f.chunks) }));
}
