import { lazy } from 'react';
import { useLocation } from 'react-router';

/** The monitor planning's pages (issue 36) behind one entry of the route table, so /login loads one import, not five. */
const pages: Record<string, React.LazyExoticComponent<() => React.JSX.Element>> = {
  '/planning': lazy(() => import('./PlanningPage.js')),
  '/planning/tekorten': lazy(() => import('./ShortagesPage.js')),
  '/planning/kwalificaties': lazy(() => import('./QualificationsPage.js')),
  '/planning/vergoedingen': lazy(() => import('./VolunteerRegisterPage.js')),
  '/mijn-planning': lazy(() => import('./MyPlanningPage.js')),
};

export default function PlanningPages() {
  const Page = pages[useLocation().pathname];
  return Page ? <Page /> : <h1 className="h3">Pagina niet gevonden</h1>;
}
