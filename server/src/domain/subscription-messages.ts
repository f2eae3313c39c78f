/** The Dutch messages of the subscription calls' refusals (404, 409). */
export const subscriptionMessages = {
  notFound: 'Inschrijving niet gevonden',
  subscriberNotFound: 'Kind niet gevonden',
  parentNotFound: 'Ouder niet gevonden',
  discountNotFound: 'Korting niet gevonden',
  alreadyCash: 'Deze inschrijving wordt al contant betaald.',
  alreadyBankTransfer: 'Deze inschrijving wordt al via overschrijving betaald.',
  alreadyCancelled: 'Deze inschrijving is al geannuleerd.',
  discountAboveAmountToPay: 'De korting is hoger dan het te betalen bedrag.',
  onlyExtraDiscounts: 'Enkel een extra korting kan gewijzigd worden.',
} as const;
