import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { Dashboard } from './dashboard/Dashboard';
import { AdminLayout } from './layout/AdminLayout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { resources } from './resources';
import { theme } from './theme';

/** /admin opens on the dashboard, which lives at /admin/dashboard (spec §2). */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

export function NewsroomAdmin() {
  return (
    <Admin
      basename="/admin"
      title="AfriqueActu — Rédaction"
      dataProvider={dataProvider}
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
        <Route path="/analytics" element={<AnalyticsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
