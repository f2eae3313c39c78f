import type { Cents } from '@common/money.js';

/**
 * What a bank statement file says, whatever its format (CODA or CAMT.053): one or more statements of
 * an account, each with its movements. Amounts are integer cents; dates are ISO (YYYY-MM-DD).
 */
export interface BankStatement {
  /** The organiser's account the statement is of (IBAN or the Belgian account number, without spaces). */
  account: string;
  currency: string;
  /** The statement's date: the date of its new balance. */
  date: string;
  /** The statement's number as the bank prints it (CODA: the paper statement number; CAMT: the electronic sequence). */
  sequence: string;
  oldBalanceCents: Cents | null;
  newBalanceCents: Cents | null;
  holderName: string;
  movements: BankMovement[];
  /** Free messages of the bank (CODA record 4). */
  messages: string[];
}

export interface BankMovement {
  /** Line (CODA) or entry number (CAMT) where the movement starts, for messages. */
  line: number;
  /** The bank's own reference of the movement, when it gives one. */
  bankReference: string;
  credit: boolean;
  amountCents: Cents;
  valueDate: string | null;
  entryDate: string | null;
  /** The 12 digits of a structured communication (CODA type 101/102, CAMT CdtrRefInf/Ref), when there is one. */
  structuredCommunication: string | null;
  /** The free communication, all parts joined. */
  communication: string;
  counterpartyAccount: string | null;
  counterpartyName: string | null;
}

/** A statement file that is refused as a whole; the message is Dutch and says why (and where). */
export class BankFileError extends Error {}

export { bankMessages as bankFileMessages } from '@common/schemas/bank.js';
