import { describe, expect, it } from 'vitest';
import { ageOutOfRangeMessage, birthYearFits, birthYearsText } from '@common/registration.js';

describe('the age rule of a booking (common/src/registration.ts, issue 39)', () => {
  const camp = { MIN_BIRTHYEAR: 2015, MAX_BIRTHYEAR: 2018 };
  it('fits a child born within the birth years, both included', () => {
    expect(['2015-01-01', '2016-06-30', '2018-12-31'].map((d) => birthYearFits(camp, d))).toEqual([true, true, true]);
    expect(['2014-12-31', '2019-01-01', '2024-02-10', ''].map((d) => birthYearFits(camp, d))).toEqual([false, false, false, false]);
  });
  it('names the range in Dutch', () => {
    expect(birthYearsText(camp)).toBe('geboortejaren 2015–2018');
    expect(birthYearsText({ MIN_BIRTHYEAR: 2016, MAX_BIRTHYEAR: 2016 })).toBe('geboortejaar 2016');
    expect(ageOutOfRangeMessage('Noor Peeters', '2024-02-10', camp)).toBe(
      'Noor Peeters is geboren in 2024; dit kamp is voor kinderen geboren van 2015 tot en met 2018.',
    );
    expect(ageOutOfRangeMessage('Noor Peeters', '2024-02-10', { MIN_BIRTHYEAR: 2016, MAX_BIRTHYEAR: 2016 })).toBe(
      'Noor Peeters is geboren in 2024; dit kamp is voor kinderen geboren in 2016.',
    );
  });
});
