import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  extra?: ReactNode;
  loading: boolean;
  error: boolean;
  empty?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}

/** One insight card with its loading, error and empty states. */
export function CardFrame({ title, extra, loading, error, empty, onRetry, children }: Props) {
  return (
    <section className="red-card" aria-label={title}>
      <header className="red-card-head">
        <h3>{title}</h3>
        {extra}
      </header>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : error ? (
        <Alert type="error" message="加载失败" action={onRetry ? <a onClick={onRetry}>重试</a> : undefined} showIcon />
      ) : empty ? (
        <Empty description="所选范围内暂无笔记" />
      ) : (
        children
      )}
    </section>
  );
}
