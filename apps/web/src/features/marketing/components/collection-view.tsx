import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import {
  MARKETING_COMPARE_MAX,
  MARKETING_COMPARE_MIN,
  MARKETING_SECTIONS,
  marketingPreviewOf,
  type MarketingCollection,
  type MarketingCollectTotal,
} from '@portal/contract';
import { AnswerMarkdown } from '../../../components/thread';

export interface CollectionQuery {
  tag?: string;
  keyword?: string;
  page: number;
  page_size: number;
}

interface CollectionViewProps {
  query: CollectionQuery;
  onQueryChange(query: CollectionQuery): void;
  /** The page of saved cases; undefined while the first page loads. */
  list?: { list: MarketingCollection[]; total: number };
  totals?: MarketingCollectTotal;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  selected: MarketingCollection[];
  onToggle(item: MarketingCollection): void;
  onCompare(): void;
  onDelete(item: MarketingCollection): Promise<void>;
  /** Opens the 收藏 dialog on a saved case to change its name, tags and note. */
  onEdit(item: MarketingCollection): void;
}

const SNIPPET_CHARS = 80;
const plain = (markdown: string) =>
  markdown
    .replace(/[#>*_`|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const snippet = (markdown: string) => {
  const text = plain(markdown);
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
};
const dateOf = (ms: number) => new Date(ms).toLocaleDateString('zh-CN');

function CaseCard({
  item,
  checked,
  canCheck,
  onToggle,
  onDelete,
  onEdit,
}: {
  item: MarketingCollection;
  checked: boolean;
  canCheck: boolean;
  onToggle(): void;
  onDelete(): Promise<void>;
  onEdit(): void;
}) {
  const [open, setOpen] = useState(false);
  const summary = marketingPreviewOf(item.sections, item.content);
  return (
    <article className="mk-case" data-testid="mk-case" aria-label={item.title}>
      <div className="mk-case-head">
        <Checkbox checked={checked} disabled={!checked && !canCheck} onChange={onToggle} className="mk-case-check">
          <span className="mk-case-title">{item.title}</span>
        </Checkbox>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={`编辑收藏 ${item.title}`}
          className="mk-touch mk-case-edit"
          onClick={onEdit}
        />
        <Popconfirm
          title="删除这条收藏？"
          description="删除后无法恢复，原对话不受影响。"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除收藏 ${item.title}`}
            className="mk-touch"
          />
        </Popconfirm>
      </div>
      <div className="mk-case-meta">
        {item.tags.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        <span className="mk-case-date">{dateOf(item.create_time)}</span>
      </div>
      {item.note ? <p className="mk-case-note">备注：{item.note}</p> : null}
      <p className="mk-case-snippet">{snippet(summary)}</p>
      <Button type="link" className="mk-case-toggle" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? '收起分析' : '查看完整分析'}
      </Button>
      {open ? (
        <div className="mk-case-sections">
          {MARKETING_SECTIONS.map((s) => (
            <section key={s.key}>
              <h4>{s.title}</h4>
              {item.sections[s.key] ? (
                <AnswerMarkdown content={item.sections[s.key]} />
              ) : (
                <span className="mk-compare-missing">未提及</span>
              )}
            </section>
          ))}
        </div>
      ) : null}
    </article>
  );
}

/** 我的收藏: total, tag filter, search, pages, selection for 对比 and deletion. */
export function CollectionView(props: CollectionViewProps) {
  const {
    query,
    onQueryChange,
    list,
    totals,
    loading,
    error,
    onRetry,
    selected,
    onToggle,
    onCompare,
    onDelete,
    onEdit,
  } = props;
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const filtered = Boolean(query.tag || query.keyword);
  const selectedIds = new Set(selected.map((s) => s.collect_id));
  const canCheck = selected.length < MARKETING_COMPARE_MAX;
  const canCompare = selected.length >= MARKETING_COMPARE_MIN && selected.length <= MARKETING_COMPARE_MAX;

  let body;
  if (error && !list) {
    body = (
      <Alert
        type="error"
        showIcon
        title="收藏加载失败，请检查网络后重试。"
        action={
          <Button size="small" onClick={onRetry}>
            重试
          </Button>
        }
      />
    );
  } else if (!list) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (list.list.length === 0) {
    body = (
      <Empty
        description={filtered ? '没有符合条件的收藏' : '还没有收藏的案例。分析完成后点击回答下方的「收藏」即可保存。'}
      />
    );
  } else {
    body = (
      <>
        <div className="mk-case-list" aria-busy={loading}>
          {list.list.map((item) => (
            <CaseCard
              key={item.collect_id}
              item={item}
              checked={selectedIds.has(item.collect_id)}
              canCheck={canCheck}
              onToggle={() => onToggle(item)}
              onDelete={() => onDelete(item)}
              onEdit={() => onEdit(item)}
            />
          ))}
        </div>
        <Pagination
          className="mk-pagination"
          current={query.page}
          pageSize={query.page_size}
          total={list.total}
          showSizeChanger={false}
          simple={{ readOnly: false }}
          onChange={(page) => onQueryChange({ ...query, page })}
        />
      </>
    );
  }

  return (
    <div className="mk-collection">
      <div className="mk-collection-bar">
        <span className="mk-collection-total" data-testid="mk-collect-total">
          共 {totals?.total ?? '—'} 个收藏
        </span>
        <Input.Search
          className="mk-collection-search"
          placeholder="搜索名称、备注或分析内容"
          aria-label="搜索收藏"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => onQueryChange({ ...query, keyword: value.trim() || undefined, page: 1 })}
        />
      </div>
      {totals && totals.tags.length > 0 ? (
        <div className="mk-tag-filter" role="group" aria-label="按标签筛选">
          <button
            type="button"
            className="mk-chip"
            aria-pressed={!query.tag}
            onClick={() => onQueryChange({ ...query, tag: undefined, page: 1 })}
          >
            全部
          </button>
          {totals.tags.map(({ tag, count }) => (
            <button
              type="button"
              key={tag}
              className="mk-chip"
              aria-pressed={query.tag === tag}
              onClick={() => onQueryChange({ ...query, tag: query.tag === tag ? undefined : tag, page: 1 })}
            >
              {tag} <span className="mk-chip-count">{count}</span>
            </button>
          ))}
        </div>
      ) : null}
      {body}
      {selected.length > 0 ? (
        <div className="mk-compare-bar" role="region" aria-label="对比">
          <span>
            已选 {selected.length}/{MARKETING_COMPARE_MAX}
            {canCompare ? '' : `，至少选择 ${MARKETING_COMPARE_MIN} 个`}
          </span>
          <Button type="primary" disabled={!canCompare} onClick={onCompare}>
            对比所选案例
          </Button>
        </div>
      ) : null}
    </div>
  );
}
