import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';

export interface PanelProps {
  title: ReactNode;
  loading: boolean;
  error?: boolean;
  empty: boolean;
  extra?: ReactNode;
  children: ReactNode;
}

/** A dashboard card with the shared loading, failed and empty states. */
export function Panel({ title, loading, error, empty, extra, children }: PanelProps) {
  let body = children;
  if (loading) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (error) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据加载失败" />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <Card title={title} extra={extra} size="small">
      {body}
    </Card>
  );
}
