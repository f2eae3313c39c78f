import { countText } from '@common/format.js';
/** The Dutch refusals of registration, moving and the trash (issue 18). */
export const registrationMessages = {
  campFull: 'Dit kamp is volzet',
  campNotFound: 'Kamp niet gevonden',
  parentNotFound: 'Ouder niet gevonden',
  childNotFound: 'Kind niet gevonden',
  childOfOtherParent: 'Dit kind hoort niet bij deze ouder.',
  overlap: (child: string, booking: string) => `${child} is al ingeschreven voor een kamp in dezelfde periode: ${booking}.`,
  sameCamp: 'De inschrijving is al voor dit kamp.',
  cancelled: 'Een geannuleerde inschrijving kan niet verplaatst worden.',
  otherYear: 'Verplaatsen kan enkel naar een kamp van hetzelfde kampjaar.',
  dayNotInCamp: 'Kies enkel dagen van het kamp.',
  tooFewDays: (n: number) => `Kies minstens ${countText(n, 'dag', 'dagen')}.`,
  tooManyDays: (n: number) => `Kies hoogstens ${countText(n, 'dag', 'dagen')}.`,
  notInTrash: 'Inschrijving niet gevonden in de prullenbak',
  campGone: 'Het kamp van deze inschrijving bestaat niet meer.',
  childGone: 'Het kind van deze inschrijving bestaat niet meer.',
  referenceTaken: 'De referentie of de OGM van deze inschrijving is intussen in gebruik.',
} as const;
