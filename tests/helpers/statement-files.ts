import { expect } from 'vitest';
import { readStatementFile } from '../../server/src/features/bank/files.js';
import { BankFileError } from '../../server/src/features/bank/statement.js';

/** The Dutch message a statement file (or zip) is refused with; fails the test when the file is accepted. */
export function statementFileRefusal(name: string, bytes: Uint8Array): string {
  try {
    readStatementFile(name, bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(BankFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}
