import type { RedInsightFilter, RedSentiment } from '@portal/contract';
import antdMessage from 'antd/es/message';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import { useState } from 'react';
import { downloadExport } from '../api/export-articles';
import { useArticleList } from '../api/insight';
import { CardFrame } from './card-frame';
import { ArticleList } from './article-list';

interface Props {
  filter: RedInsightFilter;
  onChange(changes: Record<string, string | undefined>): void;
}

const PAGE_SIZE = 10;

/** The notes themselves, filtered by sentiment and keyword, sorted, paged, exported. */
export function ArticlesCard({ filter, onChange }: Props) {
  const [sort, setSort] = useState<'published' | 'interactions'>('published');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useArticleList({ ...filter, sort, page_index: page, page_size: PAGE_SIZE }, Boolean(filter.project_id));
  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport(filter);
    } catch (error) {
      void antdMessage.error(error instanceof Error ? error.message : '导出失败');
    } finally {
      setExporting(false);
    }
  };
  return (
    <CardFrame
      title="笔记列表"
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
      extra={
        <Button onClick={() => void runExport()} loading={exporting} disabled={!list.data?.total}>
          导出Excel
        </Button>
      }
    >
      <div className="red-row red-filters">
        <Select
          aria-label="情感"
          allowClear
          placeholder="全部情感"
          value={filter.sentiment}
          onChange={(v?: RedSentiment) => {
            setPage(1);
            onChange({ sentiment: v });
          }}
          options={[
            { value: 'positive', label: '正面' },
            { value: 'neutral', label: '中性' },
            { value: 'negative', label: '负面' },
          ]}
        />
        <Select
          aria-label="排序"
          value={sort}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
          options={[
            { value: 'published', label: '最新发布' },
            { value: 'interactions', label: '互动最多' },
          ]}
        />
        <Input.Search
          aria-label="搜索标题或正文"
          placeholder="搜索标题或正文"
          allowClear
          defaultValue={filter.keyword}
          onSearch={(v) => {
            setPage(1);
            onChange({ keyword: v.trim() || undefined });
          }}
        />
      </div>
      {list.data?.total === 0 ? <p className="red-muted">没有符合条件的笔记</p> : null}
      {list.data ? <ArticleList notes={list.data.list} /> : null}
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pagination
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 篇`}
        />
      ) : null}
    </CardFrame>
  );
}
