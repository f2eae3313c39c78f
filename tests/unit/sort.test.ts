import { describe, expect, it } from 'vitest';
import { compareByLastThenFirstName, compareDutch } from '@common/sort.js';

describe('Dutch sorting ignoring punctuation (decisions.md section 7)', () => {
  it("sorts Flemish family names as a Fleming expects: D'Hondt reads as Dhondt, after De Smet and de Vos", () => {
    const names = [
      'Van den Broeck',
      'Çelik',
      "D'Hondt",
      'Desmet',
      'De Smet',
      'Claes',
      'de Vos',
      'Dubois',
      'Öztürk',
      'Peeters',
      'Van Acker',
      'Aerts',
    ];
    expect([...names].sort(compareDutch)).toEqual([
      'Aerts',
      'Çelik',
      'Claes',
      // Equal without the space: they keep their order.
      'Desmet',
      'De Smet',
      'de Vos',
      "D'Hondt",
      'Dubois',
      'Öztürk',
      'Peeters',
      'Van Acker',
      'Van den Broeck',
    ]);
  });

  it('treats names that differ only in punctuation, spaces, case or accents as equal', () => {
    expect(compareDutch('De Smet', 'Desmet')).toBe(0);
    expect(compareDutch("D'Hondt", 'Dhondt')).toBe(0);
    expect(compareDutch('Çelik', 'celik')).toBe(0);
  });

  it('sorts by last name, then by first name', () => {
    const children = [
      { first: 'Noor', last: 'De Smet' },
      { first: 'Arthur', last: 'Desmet' },
      { first: 'Zoë', last: 'Aerts' },
      { first: 'Emma', last: "D'Hondt" },
    ];
    const sorted = [...children].sort(
      compareByLastThenFirstName(
        (c) => c.last,
        (c) => c.first,
      ),
    );
    expect(sorted.map((c) => `${c.first} ${c.last}`)).toEqual(['Zoë Aerts', 'Arthur Desmet', 'Noor De Smet', "Emma D'Hondt"]);
  });
});
