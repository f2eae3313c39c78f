import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { AppNavbar } from '../components/AppNavbar.js';
import { LoadingLine } from '../components/LoadingLine.js';
import { RequireAuth } from '../components/RequireAuth.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { useAuth } from '../lib/auth.js';
import { paths } from './paths.js';

// Screens load on demand, so /login stays small.
const SubscriptionOverviewPage = lazy(() => import('../features/subscriptions/SubscriptionOverviewPage.js'));
const SubscriptionDetailPage = lazy(() => import('../features/subscriptions/SubscriptionDetailPage.js'));
const MonitorsOverviewPage = lazy(() => import('../features/monitors/MonitorsOverviewPage.js'));
const MonitorDetailPage = lazy(() => import('../features/monitors/MonitorDetailPage.js'));
const CampsOverviewPage = lazy(() => import('../features/camps/CampsOverviewPage.js'));
const CampDetailPage = lazy(() => import('../features/camps/CampDetailPage.js'));
const ThemesOverviewPage = lazy(() => import('../features/themes/ThemesOverviewPage.js'));
const ThemeDetailPage = lazy(() => import('../features/themes/ThemeDetailPage.js'));

function Layout() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  if (state.status === 'signedIn' && pathname.includes('login')) return <Navigate to={paths.subscriptionOverview()} replace />;
  return (
    <>
      <AppNavbar />
      <Suspense fallback={<LoadingLine />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function Guarded() {
  return (
    <RequireAuth>
      <Container fluid as="main" className="pb-5">
        <Outlet />
      </Container>
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
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route element={<Guarded />}>
            <Route index element={<Navigate to={paths.subscriptionOverview()} replace />} />
            <Route path="/subscription-overview" element={<SubscriptionOverviewPage />} />
            <Route path="/subscription-detail/:id" element={<Keyed>{() => <SubscriptionDetailPage />}</Keyed>} />
            <Route path="/monitors-overview" element={<MonitorsOverviewPage />} />
            <Route path="/monitor-detail" element={<MonitorDetailPage />} />
            <Route path="/monitor-detail/:id" element={<Keyed>{() => <MonitorDetailPage />}</Keyed>} />
            <Route path="/camps" element={<CampsOverviewPage />} />
            <Route path="/camp-detail" element={<CampDetailPage />} />
            <Route path="/camp-detail/:id" element={<Keyed>{() => <CampDetailPage />}</Keyed>} />
            <Route path="/themes" element={<ThemesOverviewPage />} />
            <Route path="/theme-detail" element={<ThemeDetailPage />} />
            <Route path="/theme-detail/:id" element={<Keyed>{() => <ThemeDetailPage />}</Keyed>} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
