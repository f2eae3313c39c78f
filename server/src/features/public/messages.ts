/** The Dutch texts of the public booking site's answers and mails (issue 40). The site addresses parents with 'u'. */
export const publicMessages = {
  accountExists: 'Er bestaat al een account met dit e-mailadres. Meld u aan, of vraag een aanmeldlink per mail.',
  signInFailed: 'E-mailadres of wachtwoord niet correct.',
  linkInvalid: 'Deze link is ongeldig, al gebruikt of verlopen. Vraag een nieuwe aan.',
  confirmSubject: 'Bevestig uw e-mailadres',
  confirmText: (link: string) =>
    [
      'Beste ouder,',
      '',
      'Bevestig uw e-mailadres voor de inschrijvingen via deze link (meld u aan op hetzelfde toestel als u dat nog niet bent):',
      link,
      '',
      'Heeft u geen account gemaakt? Dan mag u deze mail negeren.',
    ].join('\n'),
  signInLinkSubject: 'Uw aanmeldlink',
  signInLinkText: (link: string) =>
    [
      'Beste ouder,',
      '',
      'Met deze link meldt u zich één keer aan; hij werkt 30 minuten:',
      link,
      '',
      'Heeft u geen aanmeldlink gevraagd? Dan mag u deze mail negeren.',
    ].join('\n'),
  emailNotConfirmed:
    'We kennen uw gezin al. Bevestig eerst uw e-mailadres via de link in de mail die we u stuurden; daarna ziet u uw gegevens en kinderen.',
  nationalNumberKnown:
    'Dit rijksregisternummer hoort bij een ander gezin dat de organisator kent. Neem contact op met de organisator om uw gegevens te koppelen.',
  childNotFound: 'Kind niet gevonden',
  campNotFound: 'Kamp niet gevonden',
  notOpenYet: (opensAt: string) => `De inschrijvingen voor dit kamp openen op ${opensAt}.`,
  voucherInvalid: 'Deze voucher is ongeldig: hij is al gebruikt, verlopen of hoort bij een ander kamp.',
  idempotencyKeyRequired: 'Een inschrijving heeft een Idempotency-Key nodig, zodat ze bij een nieuwe poging maar één keer gebeurt.',
  lunchPreferenceRequired: 'Kies een lunchvoorkeur.',
  sameChildTwice: 'Hetzelfde kind staat twee keer voor hetzelfde kamp in de mand.',
} as const;
