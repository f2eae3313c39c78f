/** Query keys of the camps feature: ['camps', operation, params]. */
export const campKeys = {
  all: ['camps'] as const,
  list: (campYear: number) => ['camps', 'list', campYear] as const,
  detail: (campId: number) => ['camps', 'detail', campId] as const,
  summary: (campId: number) => ['camps', 'summary', campId] as const,
  participants: (campId: number) => ['camps', 'participants', campId] as const,
  mailSchedules: (campId: number) => ['camps', 'mail-schedules', campId] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
};
