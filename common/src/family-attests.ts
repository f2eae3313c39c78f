import type { Cents } from './money.js';

/**
 * Which attests a family downloads itself from its page on the public site (issue 34; docs/decisions.md, 'Issue 34'):
 * the same PDFs staff make, only when staff would hand them out and no later correction is to be expected. The server
 * lists them on 'Mijn inschrijvingen' and refuses a download with these reasons (ATTEST_NOT_READY).
 */

export const familyAttestMessages = {
  cancelled: 'Deze inschrijving is geannuleerd: er is geen deelname-attest.',
  campNotOver: 'Het deelname-attest is er zodra het kamp voorbij is.',
  noAttendedDays: 'Er zijn geen aanwezige dagen geregistreerd voor deze inschrijving, dus er is geen deelname-attest.',
  notPaid: 'Het deelname-attest is er zodra de inschrijving volledig betaald is.',
  fiscalNotMade: (year: number) =>
    `Het fiscaal attest van ${year} voor dit kind is er nog niet: de organisator maakt de fiscale attesten, daarna kunt u het hier downloaden.`,
} as const;

export interface ParticipationFacts {
  cancelled: boolean;
  /** The camp's last day, YYYY-MM-DD. */
  campEndDate: string;
  /** Today in Belgium, YYYY-MM-DD. */
  today: string;
  /** Days registered present up to today. */
  attendedDays: number;
  amountToPayCents: Cents;
  paidAmountCents: Cents;
}

/**
 * Why the family cannot download the participation attest of a booking yet, or null when it can: a booking not
 * cancelled, of a camp that is over, with a day attended, and paid in full (the attest states what was paid, and the
 * health insurer refunds on it: a partly paid one would have to be made again).
 */
export function participationAttestBlocker(facts: ParticipationFacts): string | null {
  if (facts.cancelled) return familyAttestMessages.cancelled;
  if (facts.campEndDate >= facts.today) return familyAttestMessages.campNotOver;
  if (facts.attendedDays === 0) return familyAttestMessages.noAttendedDays;
  if (facts.paidAmountCents < facts.amountToPayCents) return familyAttestMessages.notPaid;
  return null;
}
