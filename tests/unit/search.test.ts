import { describe, expect, it } from 'vitest';
import { compactText, matchesSearch, normaliseText, parseSearchQuery, searchIndexEntry } from '@common/search.js';

/** A subscription as the overview searches it: names as text, OGM and national numbers as codes. */
const celine = searchIndexEntry(['Céline', "D'Hondt", 'KB2025-000121', '+++200/0000/12192+++', '16.10.09-360.96', '76.12.21-716.43']);
const emma = searchIndexEntry(['Emma', 'Peeters', 'KB2025-000122', '+++200/0000/12293+++', '85.07.30-033.61', null]);
const lucas = searchIndexEntry(['Lucas', 'Van den Broeck', 'KB2025-000123']);

const find = (query: string) => {
  const parsed = parseSearchQuery(query);
  return parsed === null ? 'full list' : [celine, emma, lucas].filter((entry) => matchesSearch(entry, parsed)).length;
};

describe('search (decisions.md section 7)', () => {
  it('lowers case and strips accents; compacts codes to letters and digits', () => {
    expect(normaliseText('Céline ÇELIK Zoë')).toBe('celine celik zoe');
    expect(compactText('+++200/0000/12192+++')).toBe('200000012192');
    expect(compactText('85.07.30-033.61')).toBe('85073003361');
  });

  it('shows the full list for fewer than 2 characters after trimming', () => {
    expect(parseSearchQuery('')).toBeNull();
    expect(parseSearchQuery(' e ')).toBeNull();
    expect(parseSearchQuery('em')).toEqual({ words: ['em'] });
  });

  it('finds without regard to accents or case', () => {
    expect(find('celine')).toBe(1);
    expect(find('CÉLINE')).toBe(1);
    expect(find("d'hondt")).toBe(1);
  });

  it('needs every word of the query, each in some field', () => {
    expect(find('emma peet')).toBe(1);
    expect(find('peet emma')).toBe(1);
    expect(find('emma hondt')).toBe(0);
    expect(find('emma   peeters  ')).toBe(1);
  });

  it('matches exactly, not fuzzily', () => {
    expect(find('emna')).toBe(0);
    expect(find('celina')).toBe(0);
  });

  it('ignores punctuation and spaces in OGMs and national numbers, on both sides', () => {
    expect(find('85073003361')).toBe(1);
    expect(find('85.07.30-033.61')).toBe(1);
    expect(find('200000012192')).toBe(1);
    expect(find('+++200/0000/12192+++')).toBe(1);
    expect(find('200/0000/12192')).toBe(1);
    expect(find('16.10.09')).toBe(1);
  });

  it('finds by reference', () => {
    expect(find('kb2025-000122')).toBe(1);
    expect(find('KB2025')).toBe(3);
  });

  it('ignores punctuation, spaces inside names and every kind of apostrophe, as sorting does', () => {
    expect(find('dhondt')).toBe(1);
    expect(find('D’Hondt')).toBe(1);
    expect(find('D‘hondt')).toBe(1);
    expect(find('d`hondt')).toBe(1);
    expect(find('vandenbroeck')).toBe(1);
    expect(find('VanDenBroeck')).toBe(1);
    expect(find('van den broeck')).toBe(1);
    expect(find('denbroeck lucas')).toBe(1);
    // A word never spans two fields: 'peetersKB' is no name.
    expect(find('peeterskb2025')).toBe(0);
  });

  it('ignores a word of punctuation only between the words that matter', () => {
    expect(find('emma - 85073003361')).toBe(1);
    expect(find('- 85073003361')).toBe(1);
    expect(find('Peeters / Emma')).toBe(1);
  });
});
