import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useCollections } from '../api/notes';
import { ArticleList } from '../components/article-list';
import { OverviewNav } from '../components/overview-nav';

const PAGE_SIZE = 20;

/** 我的收藏: the notes the user collected, newest first. */
export default function CollectionPage() {
  const [page, setPage] = useState(1);
  const list = useCollections({ page_index: page, page_size: PAGE_SIZE });
  return (
    <div className="red-page">
      <div className="red-row red-toolbar">
        <OverviewNav />
      </div>
      <section className="red-card" aria-label="我的收藏">
        {list.isPending ? (
          <Skeleton active />
        ) : list.isError ? (
          <Alert
            type="error"
            showIcon
            message="收藏加载失败"
            action={<Button onClick={() => void list.refetch()}>重试</Button>}
          />
        ) : list.data.total === 0 ? (
          <Empty description="还没有收藏笔记，在洞察页的笔记列表里点“收藏”" />
        ) : (
          <>
            <ArticleList notes={list.data.list} />
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
