import { isValidOgm } from '@common/ogm.js';
import type { BankMovement } from './statement.js';

/**
 * What a credit may be matched on, in the order of the matching rules (issue 14):
 * 1. the structured communication, when it is a valid OGM;
 * 2. valid OGMs written in the free communication, with or without +++, slashes or spaces;
 * 3. subscription references (KB2026-010478) in the communication.
 */
export interface MatchCandidates {
  structuredOgm: string | null;
  freeOgms: string[];
  references: string[];
}

/**
 * Twelve digits in a row of digit groups, separated by nothing, spaces, slashes, dots or the +++ / ***
 * around an OGM: '+++200/0000/12192+++', '200 0000 12192', '***200/0000/12192***'. Every window of
 * consecutive groups that adds up to exactly twelve digits is tried, so a date or amount next to it
 * does not hide it; the mod-97 check throws out what is not an OGM.
 */
export function ogmsInText(text: string): string[] {
  const found: string[] = [];
  for (const run of text.match(/[\d+*/.\s]*\d[\d+*/.\s]*/g) ?? []) {
    const groups = run.match(/\d+/g) ?? [];
    for (let start = 0; start < groups.length; start++) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length < 12; end++) {
        digits += groups[end];
        if (digits.length === 12 && isValidOgm(digits) && !found.includes(digits)) found.push(digits);
      }
    }
  }
  return found;
}

/** The booking site's references: 'KB', the camp year, a dash and six digits; spaces and case are forgiven. */
export function referencesInText(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bKB\s*(\d{4})\s*[-/ ]?\s*(\d{6})(?!\d)/gi)) {
    const reference = `KB${match[1]}-${match[2]}`;
    if (!found.includes(reference)) found.push(reference);
  }
  return found;
}

export function matchCandidates(movement: BankMovement): MatchCandidates {
  const structured = movement.structuredCommunication;
  return {
    structuredOgm: structured !== null && isValidOgm(structured) ? structured : null,
    freeOgms: ogmsInText(movement.communication).filter((ogm) => ogm !== structured),
    references: referencesInText(movement.communication),
  };
}
