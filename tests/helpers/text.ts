/** Text to match as it is in a regular expression: its special characters escaped. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The desk's and the public site's refusal of a booking whose child is in a camp of the same week, naming `booking`. */
export const overlapRefusal = (booking: string) =>
  new RegExp(`^\\S+ \\S+ is al ingeschreven voor een kamp in dezelfde periode: ${literally(booking)}\\.$`);
