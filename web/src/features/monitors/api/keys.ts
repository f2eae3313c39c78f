/** Query keys of the monitors feature: ['monitors', operation, params]. */
export const monitorKeys = {
  all: ['monitors'] as const,
  list: ['monitors', 'list'] as const,
  detail: (monitorId: number) => ['monitors', 'detail', monitorId] as const,
};
