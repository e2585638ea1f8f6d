import { useState } from 'react';
import { AccessDenied, Admin, CanAccess, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { Dashboard } from './dashboard/Dashboard';
import { FRONT_PAGE_PATH, FrontPageRoute } from './frontPage';
import { NEWSLETTER_PATH, NewsletterRoute } from './newsletter';
import { ALERTS_PATH, AlertsRoute } from './alerts';
import { EMERGENCY_PATH, EmergencyRoute } from './emergency';
import { DIFFUSION_PATH, DiffusionRoute } from './diffusion';
import { AdminLayout } from './layout/AdminLayout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createQueryClient } from './providers/queryClient';
import { resources } from './resources';
import { theme } from './theme';

/** /admin opens on the dashboard, which lives at /admin/dashboard (docs/product.md#back-office-routes). */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

// Reads retried only when another try may succeed (queryClient.ts).
const queryClient = createQueryClient();

function NewsroomAdminApp() {
  return (
    <Admin
      title="AfriqueActu — Rédaction"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={AdminLayout}
      dashboard={ToDashboard}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {resources.map((r) => (
        <Resource key={r.name} {...r} />
      ))}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        {/* analytics_summary() answers administrators only: journalists are told so rather than shown an error. */}
        <Route
          path="/analytics"
          element={
            <CanAccess resource="analytics" action="list" accessDenied={<AccessDenied />}>
              <AnalyticsPage />
            </CanAccess>
          }
        />
        {/* « La une »: administrators only (CanAccess inside). */}
        <Route path={FRONT_PAGE_PATH} element={<FrontPageRoute />} />
        {/* « Newsletter »: administrators only (CanAccess inside). */}
        <Route path={NEWSLETTER_PATH} element={<NewsletterRoute />} />
        <Route path={ALERTS_PATH} element={<AlertsRoute />} />
        {/* « Mode urgence »: administrators only (CanAccess inside). */}
        <Route path={EMERGENCY_PATH} element={<EmergencyRoute />} />
        {/* « Diffusion » (L'essentiel du jour): administrators only (CanAccess inside). */}
        <Route path={DIFFUSION_PATH} element={<DiffusionRoute />} />
        {/* The users screen's address (docs/product.md#back-office-routes), and its former one: the resource is the accounts view. */}
        <Route path="/users" element={<Navigate to="/accounts" replace />} />
        <Route path="/profiles" element={<Navigate to="/accounts" replace />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * The back office owns its router: a browser (not hash) data router under /admin, which
 * react-admin's unsaved-changes guard needs. Paths inside are relative to it ('/dashboard').
 */
export function NewsroomAdmin() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <NewsroomAdminApp /> }], { basename: '/admin' }));
  return <RouterProvider router={router} />;
}
