/** Query keys of the themes feature: ['themes', operation, params]. The list is the shared theme lookup. */
export const themeKeys = {
  all: ['themes'] as const,
  detail: (themeId: number) => ['themes', 'detail', themeId] as const,
};
