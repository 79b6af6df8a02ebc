import { AdminConsolePage } from '../../features/admin-console';
import { AnalyticsDashboardPage } from '../../features/analytics-dashboard';

/** Administrators' console; the behaviour-analytics dashboard is one of its tabs (the route itself is lazy). */
export default function AdminPage() {
  return <AdminConsolePage analytics={<AnalyticsDashboardPage />} />;
}
