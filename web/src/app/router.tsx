import { lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Link,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  useLocation,
  useParams,
} from 'react-router';
import { AppNavbar } from '../components/AppNavbar.js';
import { LoadingLine } from '../components/LoadingLine.js';
import { PageMain } from '../components/PageMain.js';
import { RequireAuth } from '../components/RequireAuth.js';
import { UnsavedChangesGuard } from '../components/unsaved-changes.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { useAuth } from '../lib/auth.js';
import { homePath, pageAllowed } from './page-roles.js';
import { paths } from './paths.js';
import { returnPathAfterSignIn } from './return-path.js';

// Screens load on demand, so /login stays small; so does the query cache every signed-in screen uses. With a stored
// sign-in, the screen a session starts on is loaded at once (web/src/boot/).
const QueryScope = lazy(() => import('./QueryScope.js'));
const SubscriptionOverviewPage = lazy(() => import('../features/subscriptions/SubscriptionOverviewPage.js'));
const CampsOverviewPage = lazy(() => import('../features/camps/CampsOverviewPage.js'));
const SubscriptionDetailPage = lazy(() => import('../features/subscriptions/SubscriptionDetailPage.js'));
const MonitorsOverviewPage = lazy(() => import('../features/monitors/MonitorsOverviewPage.js'));
const MonitorDetailPage = lazy(() => import('../features/monitors/MonitorDetailPage.js'));
const CampDetailPage = lazy(() => import('../features/camps/CampDetailPage.js'));
const CampParticipantsPage = lazy(() => import('../features/camps/participants/CampParticipantsPage.js'));
const ThemesOverviewPage = lazy(() => import('../features/themes/ThemesOverviewPage.js'));
const ThemeDetailPage = lazy(() => import('../features/themes/ThemeDetailPage.js'));
const PaymentsPage = lazy(() => import('../features/payments/PaymentsPage.js'));
const OpenPaymentsPage = lazy(() => import('../features/payments/open/OpenPaymentsPage.js'));
const RefundsPage = lazy(() => import('../features/payments/refunds/RefundsPage.js'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.js'));
const LocationsPage = lazy(() => import('../features/season/SeasonListsPages.js').then((m) => ({ default: m.LocationsPage })));
const PeriodsPage = lazy(() => import('../features/season/SeasonListsPages.js').then((m) => ({ default: m.PeriodsPage })));
const AgegroupsPage = lazy(() => import('../features/season/SeasonListsPages.js').then((m) => ({ default: m.AgegroupsPage })));
const LunchPreferencesPage = lazy(() =>
  import('../features/season/SeasonListsPages.js').then((m) => ({ default: m.LunchPreferencesPage })),
);
const MailTemplatesPage = lazy(() => import('../features/season/MailTemplatesPage.js'));
const SettingsPage = lazy(() => import('../features/season/SettingsPage.js'));
const CopySeasonPage = lazy(() => import('../features/season/CopySeasonPage.js'));
const SubscriptionNewPage = lazy(() => import('../features/registration/SubscriptionNewPage.js'));
const TrashPage = lazy(() => import('../features/registration/TrashPage.js'));
const LogbookPage = lazy(() => import('../features/audit/LogbookPage.js'));
const DataManagementPage = lazy(() => import('../features/privacy/DataManagementPage.js'));
const AttestsPage = lazy(() => import('../features/attests/AttestsPage.js'));
const UsersPage = lazy(() => import('../features/users/UsersPage.js'));
const AccountPage = lazy(() => import('../features/users/AccountPage.js'));
const AcceptInvitePage = lazy(() => import('../features/users/AcceptInvitePage.js'));
const FailedMailsPage = lazy(() => import('../features/mail/FailedMailsPage.js'));
const PlanningPages = lazy(() => import('../features/planning/PlanningPages.js'));

function Layout() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'signedIn' && location.pathname.includes('login')) {
    return <Navigate to={returnPathAfterSignIn(location.state) ?? homePath(state.user.role)} replace />;
  }
  return (
    <>
      <AppNavbar />
      <UnsavedChangesGuard />
      <Suspense fallback={<LoadingLine />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A page the signed-in role may not open says so instead of showing screens whose calls are refused. */
function RoleGate() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  if (state.status !== 'signedIn') return <Outlet />;
  if (pathname === '/') return <Navigate to={homePath(state.user.role)} replace />;
  if (pageAllowed(state.user.role, pathname)) return <Outlet />;
  return (
    <>
      <h1 className="h3">Geen toegang</h1>
      <p>Je rol geeft geen toegang tot deze pagina.</p>
      <Link to={homePath(state.user.role)} className="btn btn-outline-secondary btn-sm">
        Naar het begin
      </Link>
    </>
  );
}

function Guarded() {
  return (
    <RequireAuth>
      <QueryScope>
        <PageMain>
          <RoleGate />
        </PageMain>
      </QueryScope>
    </RequireAuth>
  );
}

/** A detail screen starts afresh for every id, so no state leaks from one record into the next. */
function Keyed({ children }: { children: (id: string | undefined) => React.ReactNode }) {
  const { id } = useParams();
  return <div key={id ?? 'new'}>{children(id)}</div>;
}

function NotFoundPage() {
  return (
    <>
      <h1 className="h3">Pagina niet gevonden</h1>
      <p>Deze pagina bestaat niet.</p>
      <Link to={paths.subscriptionOverview()} className="btn btn-outline-secondary btn-sm">
        &lt;&lt; Naar de inschrijvingen
      </Link>
    </>
  );
}

/**
 * Routes are strict (spec section 2): case-sensitive, and a trailing slash names no page, so
 * '/camp-detail/379/' is not camp 379. React Router matches both loosely by itself.
 */
function StrictRoutes() {
  const { pathname } = useLocation();
  if (pathname.length > 1 && pathname.endsWith('/')) return <NotFoundPage />;
  return <Outlet />;
}

/** A data router, so that a form with unsaved edits can hold up a navigation (useBlocker). */
const router = createBrowserRouter(
  createRoutesFromElements(
    <Route element={<Layout />}>
      <Route caseSensitive path="/login" element={<LoginPage />} />
      <Route
        caseSensitive
        path="/accept-invite"
        element={
          // Signed out, yet it sends its password through react-query: its own query scope.
          <QueryScope>
            <AcceptInvitePage />
          </QueryScope>
        }
      />
      <Route element={<Guarded />}>
        <Route element={<StrictRoutes />}>
          <Route index element={<Navigate to={paths.subscriptionOverview()} replace />} />
          <Route caseSensitive path="/subscription-overview" element={<SubscriptionOverviewPage />} />
          <Route caseSensitive path="/subscription-detail/:id" element={<Keyed>{() => <SubscriptionDetailPage />}</Keyed>} />
          <Route caseSensitive path="/monitors-overview" element={<MonitorsOverviewPage />} />
          <Route caseSensitive path="/monitor-detail" element={<MonitorDetailPage />} />
          <Route caseSensitive path="/monitor-detail/:id" element={<Keyed>{() => <MonitorDetailPage />}</Keyed>} />
          <Route caseSensitive path="/camps" element={<CampsOverviewPage />} />
          <Route caseSensitive path="/camp-detail" element={<CampDetailPage />} />
          <Route caseSensitive path="/camp-detail/:id" element={<Keyed>{() => <CampDetailPage />}</Keyed>} />
          <Route caseSensitive path="/camp-participants/:id" element={<Keyed>{() => <CampParticipantsPage />}</Keyed>} />
          {/* The waiting lists (issue 34) come through the camps' module: /login's bundle names no chunk more. */}
          <Route caseSensitive path="/wachtlijst/*" element={<CampsOverviewPage />} />
          <Route caseSensitive path="/themes" element={<ThemesOverviewPage />} />
          <Route caseSensitive path="/theme-detail" element={<ThemeDetailPage />} />
          <Route caseSensitive path="/theme-detail/:id" element={<Keyed>{() => <ThemeDetailPage />}</Keyed>} />
          <Route caseSensitive path="/payments" element={<PaymentsPage />} />
          <Route caseSensitive path="/dashboard" element={<DashboardPage />} />
          <Route caseSensitive path="/locations" element={<LocationsPage />} />
          <Route caseSensitive path="/periods" element={<PeriodsPage />} />
          <Route caseSensitive path="/agegroups" element={<AgegroupsPage />} />
          <Route caseSensitive path="/lunch-preferences" element={<LunchPreferencesPage />} />
          <Route caseSensitive path="/mail-templates" element={<MailTemplatesPage />} />
          <Route caseSensitive path="/settings" element={<SettingsPage />} />
          <Route caseSensitive path="/copy-season" element={<CopySeasonPage />} />
          <Route caseSensitive path="/logboek" element={<LogbookPage />} />
          <Route caseSensitive path="/gegevensbeheer" element={<DataManagementPage />} />
          <Route caseSensitive path="/attesten" element={<AttestsPage />} />
          <Route caseSensitive path="/subscription-new" element={<SubscriptionNewPage />} />
          <Route caseSensitive path="/subscriptions-trash" element={<TrashPage />} />
          <Route caseSensitive path="/users" element={<UsersPage />} />
          <Route caseSensitive path="/account" element={<AccountPage />} />
          <Route caseSensitive path="/failed-mails" element={<FailedMailsPage />} />
          <Route caseSensitive path="/open-payments" element={<OpenPaymentsPage />} />
          <Route caseSensitive path="/refunds" element={<RefundsPage />} />
          <Route caseSensitive path="/planning/*" element={<PlanningPages />} />
          <Route caseSensitive path="/mijn-planning" element={<PlanningPages />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Route>,
  ),
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
