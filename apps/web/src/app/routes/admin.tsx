import { AnalyticsDashboardPage } from '../../features/analytics-dashboard';

/** Administrators' console: the behaviour-analytics dashboard (the route itself is lazy). */
export default function AdminPage() {
  return <AnalyticsDashboardPage />;
}
