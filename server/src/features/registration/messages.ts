import { bookingMessages } from '../../domain/booking.js';
/** The Dutch refusals of registration, moving and the trash (issue 18). */
export const registrationMessages = {
  ...bookingMessages,
  parentNotFound: 'Ouder niet gevonden',
  childOfOtherParent: 'Dit kind hoort niet bij deze ouder.',
  sameCamp: 'De inschrijving is al voor dit kamp.',
  cancelled: 'Een geannuleerde inschrijving kan niet verplaatst worden.',
  otherYear: 'Verplaatsen kan enkel naar een kamp van hetzelfde kampjaar.',
  notInTrash: 'Inschrijving niet gevonden in de prullenbak',
  campGone: 'Het kamp van deze inschrijving bestaat niet meer.',
  childGone: 'Het kind van deze inschrijving bestaat niet meer.',
  referenceTaken: 'De referentie of de OGM van deze inschrijving is intussen in gebruik.',
} as const;
