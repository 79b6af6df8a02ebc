import { StrictMode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import type { AppRouter } from './router';

export { queryClient };

export function Providers({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      {/* antd spaces out a two-character Chinese label (发 送); the portal's labels are written as meant. */}
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
