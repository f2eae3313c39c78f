import { compactText } from '@common/search.js';

/**
 * The tax administration's code of a parent's country, for the country zones of Belcotax (f2018_landwoonplaats,
 * f86_2101_childcountry). The parent's country is free text (spec section 3), so it is read by its common names in
 * Dutch, French, English and German and by its ISO code, without case, accents, spaces or punctuation (`compactText`,
 * the product's search rule). A country not in this list answers null: the Belcotax export then names the families
 * to fix, rather than guess.
 */
export const BELGIUM_CODE = 150;

const COUNTRY_CODES: [code: number, names: string[]][] = [
  [BELGIUM_CODE, ['be', 'bel', 'belgie', 'belgique', 'belgien', 'belgium']],
  [129, ['nl', 'nld', 'nederland', 'holland', 'paysbas', 'niederlande', 'netherlands', 'thenetherlands']],
  [111, ['fr', 'fra', 'frankrijk', 'france', 'frankreich']],
  [103, ['de', 'deu', 'duitsland', 'allemagne', 'deutschland', 'germany']],
  [113, ['lu', 'lux', 'luxemburg', 'luxembourg', 'groothertogdomluxemburg']],
  [112, ['gb', 'uk', 'verenigdkoninkrijk', 'engeland', 'royaumeuni', 'unitedkingdom', 'greatbritain', 'grootbrittannie']],
  [109, ['es', 'spanje', 'espagne', 'spanien', 'spain', 'espana']],
  [128, ['it', 'italie', 'italien', 'italy', 'italia']],
  [123, ['pt', 'portugal']],
  [116, ['ie', 'ierland', 'irlande', 'ireland', 'irland']],
  [114, ['gr', 'griekenland', 'grece', 'griechenland', 'greece']],
  [122, ['pl', 'polen', 'pologne', 'poland', 'polska']],
  [124, ['ro', 'roemenie', 'roumanie', 'rumanien', 'romania']],
  [262, ['tr', 'turkije', 'turquie', 'turkei', 'turkey', 'turkiye']],
  [354, ['ma', 'marokko', 'maroc', 'morocco']],
  [402, ['us', 'usa', 'verenigdestaten', 'etatsunis', 'unitedstates', 'unitedstatesofamerica']],
];

const codeOfName = new Map(COUNTRY_CODES.flatMap(([code, names]) => names.map((name) => [name, code] as const)));

/** 'België', 'BELGIE', 'Pays-Bas', 'NL' → the code; null for a country this list does not know. */
export function belcotaxCountryCode(country: string): number | null {
  return codeOfName.get(compactText(country)) ?? null;
}
