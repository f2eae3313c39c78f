/** Typed builders for the route table of spec section 2. */
const withYear = (path: string, year?: number) => (year ? `${path}?subscriptionsYear=${year}` : path);

export const paths = {
  login: () => '/login',
  subscriptionOverview: (year?: number) => withYear('/subscription-overview', year),
  subscriptionDetail: (id: number) => `/subscription-detail/${id}`,
  monitorsOverview: () => '/monitors-overview',
  monitorDetail: (id?: number) => (id ? `/monitor-detail/${id}` : '/monitor-detail'),
  camps: (year?: number) => withYear('/camps', year),
  campDetail: (id?: number, year?: number) => withYear(id ? `/camp-detail/${id}` : '/camp-detail', year),
  payments: () => '/payments',
  campParticipants: (id: number, year?: number) => withYear(`/camp-participants/${id}`, year),
  themes: () => '/themes',
  themeDetail: (id?: number) => (id ? `/theme-detail/${id}` : '/theme-detail'),
  locations: () => '/locations',
  periods: () => '/periods',
  agegroups: () => '/agegroups',
  lunchPreferences: () => '/lunch-preferences',
  mailTemplates: () => '/mail-templates',
  settings: () => '/settings',
  copySeason: () => '/copy-season',
  logbook: () => '/logboek',
};
