import { describe, expect, it } from 'vitest';
import { belcotaxCountryCode } from '../../server/src/features/attests/countries.js';

describe("Belcotax's country codes of a parent's country as typed", () => {
  it('reads a country by its names in Dutch, French, English and German and by its ISO code, whatever the case or accents', () => {
    for (const typed of ['België', 'BELGIE', 'belgique', 'Belgium', 'BE', ' be ']) expect(belcotaxCountryCode(typed)).toBe(150);
    for (const typed of ['Nederland', 'Pays-Bas', 'the Netherlands', 'NL']) expect(belcotaxCountryCode(typed)).toBe(129);
    expect(belcotaxCountryCode('Frankrijk')).toBe(111);
    expect(belcotaxCountryCode('Deutschland')).toBe(103);
    expect(belcotaxCountryCode('Groothertogdom Luxemburg')).toBe(113);
    expect(belcotaxCountryCode('Verenigd Koninkrijk')).toBe(112);
    expect(belcotaxCountryCode('Türkiye')).toBe(262);
  });

  it('answers null for a country it does not know, never a guess', () => {
    for (const typed of ['Narnia', '', 'Belgiëë', 'B', 'Nederland en België']) expect(belcotaxCountryCode(typed)).toBeNull();
  });
});
