import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, parseRecordId } from '@common/record-id.js';

describe('the one id rule', () => {
  it('takes decimal digits from 1 to 2147483647, as text or as a whole number', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('391')).toBe(391);
    expect(parseRecordId('2147483647')).toBe(MAX_RECORD_ID);
    expect(parseRecordId(391)).toBe(391);
  });

  it('refuses what Number() would read as an id', () => {
    for (const text of ['0x187', '391.0', '1e1', '0391', '+1', ' 1', '1 ', '2147483648', '99999999999', '0', '-1', '', '١٢']) {
      expect(parseRecordId(text), text).toBeNull();
    }
    for (const value of [0, -1, 1.5, 2147483648, Number.NaN, Infinity, null, undefined, true, [1]]) {
      expect(parseRecordId(value), String(value)).toBeNull();
    }
  });
});
