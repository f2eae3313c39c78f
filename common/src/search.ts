import { SEARCH_MIN_LENGTH } from './constants.js';

/** Lower case without accents, so that 'celine' finds 'Céline' (decisions.md section 7). */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Digits and letters only, for OGMs and national numbers whose punctuation is ignored on both sides. */
export function compactText(text: string): string {
  return normaliseText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

export interface SearchQuery {
  words: string[];
  /** compactWords[i] is words[i] without punctuation. */
  compactWords: string[];
}

/** null when the query is too short to search: the full list is shown then. */
export function parseSearchQuery(text: string): SearchQuery | null {
  const trimmed = text.trim();
  if (trimmed.length < SEARCH_MIN_LENGTH) return null;
  // A word of punctuation only ('-', '/') names nothing; dropping it keeps words and compactWords aligned.
  const words = normaliseText(trimmed)
    .split(/\s+/)
    .filter((word) => compactText(word) !== '');
  return { words, compactWords: words.map(compactText) };
}

/** Precomputed haystack of one record, so that filtering 10,000 rows per keystroke stays cheap. */
export interface SearchIndexEntry {
  text: string;
  compactCodes: string;
}

export function searchIndexEntry(
  textFields: (string | null | undefined)[],
  codeFields: (string | null | undefined)[] = [],
): SearchIndexEntry {
  return {
    text: normaliseText(textFields.filter(Boolean).join('\u0001')),
    compactCodes: codeFields
      .filter(Boolean)
      .map((f) => compactText(f!))
      .join('\u0001'),
  };
}

/** Exact matching: every word of the query occurs in a text field, or (without punctuation) in a code field. */
export function matchesSearch(entry: SearchIndexEntry, query: SearchQuery): boolean {
  return query.words.every((word, i) => entry.text.includes(word) || entry.compactCodes.includes(query.compactWords[i]!));
}
