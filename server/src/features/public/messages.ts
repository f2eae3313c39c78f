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
  bookingNotFound: 'Inschrijving niet gevonden',
  childNotBooked: 'Dit kind is nog niet ingeschreven: u past de gegevens zelf aan bij Mijn gezin.',
  childDataLocked:
    'Dit kind is al ingeschreven: de geboortedatum en het rijksregisternummer kan enkel het secretariaat nog wijzigen. Vraag het secretariaat om dit te wijzigen.',
  correctionSubject: (child: string) => `Vraag om correctie van de gegevens van ${child}`,
  correctionText: (facts: { parent: string; email: string; child: string; childId: number; references: string[]; message: string }) =>
    [
      `${facts.parent} (${facts.email}) vraagt via de website om de gegevens van ${facts.child} te corrigeren. Een ingeschreven kind kan het gezin zelf niet meer wijzigen.`,
      '',
      `Kind: ${facts.child} (nummer ${facts.childId}); inschrijvingen: ${facts.references.join(', ')}.`,
      '',
      'De vraag van het gezin:',
      facts.message,
      '',
      'Pas de gegevens aan met Gegevens corrigeren op een inschrijving van het kind, en laat het gezin weten dat het gebeurd is.',
    ].join('\n'),
  tooManyCorrections:
    'U stuurde vandaag al enkele vragen om correctie. Het secretariaat neemt ze op; probeer het morgen opnieuw als dat nodig is.',
  tooManyExports: 'U downloadde uw gegevens het voorbije uur al enkele keren. Probeer het over een uur opnieuw.',
  campNotFound: 'Kamp niet gevonden',
  campFull: (camp: string) =>
    `Dit kamp is volzet: ${camp}. Er werd niets ingeschreven. Zet uw kind op de wachtlijst met 'Op de wachtlijst' bij het kamp; komt er een plaats vrij, dan krijgt u een mail.`,
  notOpenYet: (opensAt: string) => `De inschrijvingen voor dit kamp openen op ${opensAt}.`,
  voucherInvalid: 'Deze voucher is ongeldig: hij is al gebruikt, verlopen of hoort bij een ander kamp.',
  idempotencyKeyRequired: 'Een inschrijving heeft een Idempotency-Key nodig, zodat ze bij een nieuwe poging maar één keer gebeurt.',
  lunchPreferenceRequired: 'Kies een lunchvoorkeur.',
  sameChildTwice: (child: string) =>
    `${child} staat in uw mand voor twee kampen in dezelfde periode. Er werd niets ingeschreven: verwijder er één uit uw mand.`,
} as const;
