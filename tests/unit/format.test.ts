import { describe, expect, it } from 'vitest';
import {
  countText,
  formatAccountNumber,
  formatDate,
  formatDateList,
  formatDateTime,
  formatDayMonth,
  formatOfferedUntil,
  formatPeriodOption,
} from '@common/format.js';
import { selectedDaysRemark } from '@common/registration.js';

describe('Belgian-Dutch formats', () => {
  it('writes day/month for periods in tables', () => {
    expect(formatDayMonth('2025-07-14')).toBe('14/07');
    expect(formatDayMonth('2025-12-01')).toBe('01/12');
  });

  it('writes dd/mm/yyyy, from a date or the date part of a timestamp, and nothing for no date', () => {
    expect(formatDate('2025-07-14')).toBe('14/07/2025');
    expect(formatDate('2025-07-14T08:30:00.000Z')).toBe('14/07/2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('writes a timestamp in Brussels time, summer and winter', () => {
    expect(formatDateTime('2025-07-14T08:30:00.000Z')).toBe('14/07/2025, 10:30');
    expect(formatDateTime('2025-01-14T08:05:00.000Z')).toBe('14/01/2025, 09:05');
    expect(formatDateTime('2025-12-31T23:30:00.000Z')).toBe('01/01/2026, 00:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatOfferedUntil('2026-07-14T08:00:00.000Z')).toBe('Plaats aangeboden tot 14/07/2026, 10:00');
  });

  it('writes a period option as name | start tot end', () => {
    expect(formatPeriodOption('Zomer week 1', '2025-07-07', '2025-07-11')).toBe('Zomer week 1 | 07/07/2025 tot 11/07/2025');
  });

  it('writes an account number in groups of four', () => {
    expect(formatAccountNumber('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(formatAccountNumber('BE68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
    expect(formatAccountNumber('NL91ABNA041716430')).toBe('NL91 ABNA 0417 1643 0');
    expect(formatAccountNumber(null)).toBe('');
  });

  it('reads a comma list of selected days into readable dates', () => {
    expect(formatDateList('2025-08-11,2025-08-12, 2025-08-14')).toEqual(['11/08/2025', '12/08/2025', '14/08/2025']);
    expect(formatDateList('')).toEqual([]);
    expect(formatDateList(null)).toEqual([]);
    expect(formatDateList('2025-08-11,,')).toEqual(['11/08/2025']);
  });

  it('counts in the right number, never dag(en) (issue 39)', () => {
    expect(countText(1, 'dag', 'dagen')).toBe('1 dag');
    expect(countText(2, 'dag', 'dagen')).toBe('2 dagen');
    expect(countText(0, 'uitgaande betaling', 'uitgaande betalingen')).toBe('0 uitgaande betalingen');
    expect(selectedDaysRemark(1)).toBe('1 dag minder');
    expect(selectedDaysRemark(3)).toBe('3 dagen minder');
  });
});
