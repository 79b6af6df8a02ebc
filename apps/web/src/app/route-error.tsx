import { useEffect } from 'react';
import Flex from 'antd/es/flex';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { trackError } from '../lib/analytics';
import { versionChecker } from './version';

/** Framework errors: re-check the version first, a new deployment is the usual cause. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    trackError(error, 'router');
    void versionChecker.recheck();
  }, [error]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '页面出现异常，请刷新后重试';
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '60vh' }} role="alert">
      <h2 style={{ margin: 0 }}>页面加载失败</h2>
      <p className="portal-secondary">{detail}</p>
      <a href="/home">返回首页</a>
    </Flex>
  );
}
