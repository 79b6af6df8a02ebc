import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  AnalyticsApi,
  AnalyticsAppDetail,
  AnalyticsAppOpens,
  AnalyticsCycles,
  AnalyticsOverview,
  AnalyticsScriptErrors,
} from '@portal/contract';
import { AnalyticsDashboardPage } from '../../src/features/analytics-dashboard';
import { barOption, lineOption } from '../../src/features/analytics-dashboard/charts/options';
import { defaultRange } from '../../src/features/analytics-dashboard/utils/default-range';
import { createFakeFetch, ok, type RecordedRequest } from '../../src/testing/fake-fetch';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { installTestClient } from '../../src/testing/install-test-client';

beforeAll(installDomPolyfills);

describe('defaultRange', () => {
  it("ends on the analytics zone's today, not the browser's", () => {
    const lateUtc = new Date('2026-11-22T17:30:00Z');
    expect(defaultRange('Asia/Shanghai', lateUtc)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(defaultRange('UTC', lateUtc)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });
});
afterEach(cleanup);

const { from, to } = defaultRange('Asia/Shanghai');

const overview = (over: Partial<AnalyticsOverview> = {}): AnalyticsOverview => ({
  from,
  to,
  events: 123_456,
  peak_daily_users: 4321,
  avg_daily_users: 2100.5,
  peak_daily_anonymous: 37,
  app_opens: 250_000_000,
  cycles: 900,
  avg_cycle_ms: 90_000,
  api_calls: 1000,
  api_errors: 25,
  api_error_rate: 0.025,
  script_errors: 17,
  days: [{ day: to, users: 4321, anonymous: 37 }],
  ...over,
});
const opens: AnalyticsAppOpens = {
  list: [
    { app_key: 'chatgpt', app_name: 'ChatGPT', opens: 15_000 },
    { app_key: 'deepseek', app_name: 'DeepSeek', opens: 80 },
  ],
};
const cycles: AnalyticsCycles = {
  list: [{ app_key: 'chatgpt', app_name: 'ChatGPT', cycles: 900, avg_ms: 90_000, max_ms: 600_000 }],
};
const apiStats: AnalyticsApi = {
  calls: 1000,
  errors: 25,
  error_rate: 0.025,
  days: [{ day: to, calls: 1000, errors: 25, error_rate: 0.025 }],
  slowest: [{ path: '/api/chatgpt/ask', calls: 400, errors: 20, error_rate: 0.05, avg_ms: 1500, max_ms: 9000 }],
};
const scriptErrors: AnalyticsScriptErrors = {
  total: 17,
  list: [{ message: 'TypeError: x is undefined', count: 17, apps: ['portal'], last_seen: Date.UTC(2026, 0, 2, 3, 4) }],
};
const detail: AnalyticsAppDetail = {
  app_key: 'chatgpt',
  app_name: 'ChatGPT',
  opens: { total: 15_000, days: [{ day: to, opens: 15_000 }] },
  cycles: { cycles: 900, avg_ms: 90_000, max_ms: 600_000, days: [{ day: to, cycles: 900, avg_ms: 90_000 }] },
  api: { ...apiStats, calls: 300, errors: 3, error_rate: 0.01 },
  script_errors: { total: 0, list: [] },
};

const empty: Record<string, unknown> = {
  overview: overview({
    events: 0,
    peak_daily_users: 0,
    avg_daily_users: 0,
    peak_daily_anonymous: 0,
    app_opens: 0,
    cycles: 0,
    avg_cycle_ms: 0,
    api_calls: 0,
    api_errors: 0,
    api_error_rate: 0,
    script_errors: 0,
    days: [{ day: to, users: 0, anonymous: 0 }],
  }),
  'app-opens': { list: [] },
  cycles: { list: [] },
  api: { calls: 0, errors: 0, error_rate: 0, days: [], slowest: [] },
  'script-errors': { total: 0, list: [] },
  dropped: { rows: [] },
};
const full: Record<string, unknown> = {
  overview: overview(),
  'app-opens': opens,
  cycles,
  api: apiStats,
  'script-errors': scriptErrors,
  dropped: {
    rows: [
      { day: from, reason: 'rate_limit', batches: 40, events: 900 },
      { day: to, reason: 'rate_limit', batches: 2, events: 100 },
      { day: to, reason: 'budget_minute', batches: 3, events: 250 },
    ],
  },
  app: detail,
  rollup: { days: 1 },
};

/** The value of the KPI card with this title. */
function kpi(title: string): string {
  const statistic = screen.getByText(title).closest('.ant-statistic');
  return statistic?.querySelector('.ant-statistic-content')?.textContent ?? '';
}

function renderDashboard(answers: Record<string, unknown>) {
  const fake = createFakeFetch((req: RecordedRequest) =>
    ok(answers[req.path.replace('/api/analytics/admin/', '')] ?? null),
  );
  installTestClient(fake.fetch, '/admin/analytics');
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AnalyticsDashboardPage />
      </QueryClientProvider>
    </AntApp>,
  );
  return fake;
}

describe('analytics dashboard', { timeout: 60_000 }, () => {
  it('asks for the last 7 days and shows the figures, large numbers in 万 and 亿', async () => {
    const fake = renderDashboard(full);
    expect(await screen.findByText('12.3万')).toBeTruthy();
    expect(kpi('事件总数')).toBe('12.3万');
    expect(kpi('应用打开')).toBe('2.5亿');
    expect(kpi('日活峰值')).toBe('4321');
    expect(kpi('平均服务时长')).toBe('1.5 分钟');
    expect(kpi('接口错误率')).toBe('2.5%');
    expect(await screen.findByText('TypeError: x is undefined')).toBeTruthy();
    expect(screen.getByText('/api/chatgpt/ask')).toBeTruthy();
    const appsCard = screen.getByText('应用明细').closest('.ant-card') as HTMLElement;
    expect(within(appsCard).getByText('1.5万')).toBeTruthy();
    const overviewCall = fake.calls('/api/analytics/admin/overview')[0];
    expect(overviewCall?.url.searchParams.get('from')).toBe(from);
    expect(overviewCall?.url.searchParams.get('to')).toBe(to);
    expect(overviewCall?.headers.authorization).toBe('Bearer a');
  });

  it('shows what ingest dropped, by reason, summed over the range', async () => {
    const fake = renderDashboard(full);
    const table = await screen.findByTestId('analytics-dropped');
    expect(screen.getByText('被丢弃的上报（共 1250 条事件）')).toBeTruthy();
    const limited = within(table).getByText('单个客户端上报过于频繁').closest('tr') as HTMLElement;
    expect(within(limited).getByText('42')).toBeTruthy();
    expect(within(limited).getByText('1000')).toBeTruthy();
    expect(within(table).getByText('超出每分钟入库总量')).toBeTruthy();
    expect(fake.calls('/api/analytics/admin/dropped')[0]?.url.searchParams.get('from')).toBe(from);
  });

  it('shows 暂无数据 when the range has no events', async () => {
    renderDashboard(empty);
    await waitFor(() => expect(screen.getAllByText('暂无数据').length).toBe(7));
    expect(screen.getAllByText('0').length).toBeGreaterThan(0);
  });

  it('drills down into an app from the apps table', async () => {
    const fake = renderDashboard(full);
    const table = (await screen.findByText('应用明细')).closest('.ant-card') as HTMLElement;
    fireEvent.click(await within(table).findByText('ChatGPT'));
    expect(await screen.findByText('应用明细：ChatGPT')).toBeTruthy();
    const call = fake.calls('/api/analytics/admin/app')[0];
    expect(call?.url.searchParams.get('app_key')).toBe('chatgpt');
    expect(call?.url.searchParams.get('from')).toBe(from);
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    expect(within(drawer).getAllByText('1%').length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText('1.5万').length).toBeGreaterThan(0);
  });

  it('rolls up pending days and refetches on 刷新数据', async () => {
    const fake = renderDashboard(full);
    await screen.findByText('12.3万');
    fireEvent.click(screen.getByText('刷新数据'));
    await waitFor(() => expect(fake.calls('/api/analytics/admin/rollup').length).toBe(1));
    await waitFor(() => expect(fake.calls('/api/analytics/admin/overview').length).toBe(2));
  });
});

describe('analytics dashboard charts', () => {
  it('names bars by app key so a click can open that app, and labels them by app name', () => {
    const option = barOption(['chatgpt', 'deepseek'], ['ChatGPT', 'DeepSeek'], '打开次数', [15_000, 80]) as {
      xAxis: { data: string[]; axisLabel: { formatter: (value: string, index: number) => string } };
      yAxis: { axisLabel: { formatter: (value: number) => string } };
      series: Array<{ data: number[] }>;
    };
    expect(option.xAxis.data).toEqual(['chatgpt', 'deepseek']);
    expect(option.xAxis.axisLabel.formatter('chatgpt', 0)).toBe('ChatGPT');
    expect(option.yAxis.axisLabel.formatter(20_000)).toBe('2万');
    expect(option.series[0]?.data).toEqual([15_000, 80]);
  });

  it('draws one line per series over the days', () => {
    const option = lineOption(
      ['2026-01-01', '2026-01-02'],
      [
        { name: '活跃用户', data: [3, 2] },
        { name: '已登录用户', data: [1, 1] },
      ],
    ) as { xAxis: { data: string[] }; series: Array<{ name: string; type: string; data: number[] }> };
    expect(option.xAxis.data).toEqual(['2026-01-01', '2026-01-02']);
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['活跃用户', 'line', [3, 2]],
      ['已登录用户', 'line', [1, 1]],
    ]);
  });
});
