import { useState } from 'react';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emptyMarketingSections,
  type MarketingCollection,
  type MarketingCollectTotal,
  type MarketingSections,
} from '@portal/contract';
import { CollectionView, type CollectionQuery } from '../../src/features/marketing/components/collection-view';
import { tagProblem } from '../../src/features/marketing/components/collect-dialog';
import { CompareView } from '../../src/features/marketing/components/compare-view';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';

beforeAll(() => {
  installDomPolyfills();
  configure({ asyncUtilTimeout: 15_000 });
});
afterEach(cleanup);

function saved(
  id: string,
  title: string,
  tags: string[],
  sections: Partial<MarketingSections> = {},
): MarketingCollection {
  return {
    collect_id: id,
    message_id: `m-${id}`,
    conv_id: `c-${id}`,
    title,
    tags,
    note: '',
    content: '',
    sections: { ...emptyMarketingSections(), ...sections },
    create_time: Date.UTC(2026, 10, 1),
    update_time: Date.UTC(2026, 10, 1),
  };
}

const tea = saved('1', '茶饮下午茶', ['茶饮'], { insight: '下午三点需要一个小仪式', channels: '小红书' });
const run = saved('2', '城市夜跑', ['运动'], { insight: '夜跑是年轻人的社交', channels: '抖音' });
const car = saved('3', '春节回家短片', ['汽车'], { channels: '视频号' });
const fourth = saved('4', '第四个案例', ['其他']);
const totals: MarketingCollectTotal = {
  total: 4,
  tags: [
    { tag: '茶饮', count: 1 },
    { tag: '运动', count: 1 },
  ],
};

/** The view with its selection held like the page holds it. */
function Harness(props: {
  onQueryChange?(q: CollectionQuery): void;
  onCompare?(selected: MarketingCollection[]): void;
  onDelete?(item: MarketingCollection): Promise<void>;
  onEdit?(item: MarketingCollection): void;
  list?: { list: MarketingCollection[]; total: number };
  error?: boolean;
  query?: CollectionQuery;
}) {
  const [selected, setSelected] = useState<MarketingCollection[]>([]);
  return (
    <CollectionView
      query={props.query ?? { page: 1, page_size: 10 }}
      onQueryChange={props.onQueryChange ?? (() => undefined)}
      list={props.list}
      totals={totals}
      loading={false}
      error={props.error ?? false}
      onRetry={() => undefined}
      selected={selected}
      onToggle={(item) =>
        setSelected((list) =>
          list.some((c) => c.collect_id === item.collect_id)
            ? list.filter((c) => c.collect_id !== item.collect_id)
            : [...list, item],
        )
      }
      onCompare={() => props.onCompare?.(selected)}
      onDelete={props.onDelete ?? (() => Promise.resolve())}
      onEdit={props.onEdit ?? (() => undefined)}
    />
  );
}

describe('marketing collection view', { timeout: 60_000 }, () => {
  it('shows the total, filters by tag and searches from page 1', () => {
    const onQueryChange = vi.fn();
    render(
      <Harness
        onQueryChange={onQueryChange}
        query={{ page: 3, page_size: 10 }}
        list={{ list: [tea, run], total: 22 }}
      />,
    );
    expect(screen.getByTestId('mk-collect-total').textContent).toBe('共 4 个收藏');
    expect(screen.getAllByTestId('mk-case').map((c) => c.getAttribute('aria-label'))).toEqual([
      '茶饮下午茶',
      '城市夜跑',
    ]);

    fireEvent.click(within(screen.getByRole('group', { name: '按标签筛选' })).getByRole('button', { name: /运动/ }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, page_size: 10, tag: '运动' });

    const search = screen.getByRole('searchbox', { name: '搜索收藏' });
    fireEvent.change(search, { target: { value: ' 夜跑 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, page_size: 10, keyword: '夜跑' });
  });

  it('lets 2 to 3 cases be chosen for 对比, and no more', () => {
    const onCompare = vi.fn();
    render(<Harness onCompare={onCompare} list={{ list: [tea, run, car, fourth], total: 4 }} />);
    const compare = () => screen.getByRole('button', { name: '对比所选案例' });
    const box = (title: string) => within(screen.getByRole('article', { name: title })).getByRole('checkbox');

    fireEvent.click(box('茶饮下午茶'));
    expect(screen.getByText(/已选 1\/3，至少选择 2 个/)).toBeTruthy();
    expect((compare() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box('城市夜跑'));
    fireEvent.click(box('春节回家短片'));
    expect((box('第四个案例') as HTMLInputElement).disabled).toBe(true);
    expect((compare() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(compare());
    expect(onCompare.mock.calls[0]![0].map((c: MarketingCollection) => c.title)).toEqual([
      '茶饮下午茶',
      '城市夜跑',
      '春节回家短片',
    ]);
  });

  it('deletes after confirmation', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<Harness onDelete={onDelete} list={{ list: [tea], total: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: '删除收藏 茶饮下午茶' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(tea));
  });

  it('opens a saved case for editing', () => {
    const onEdit = vi.fn();
    render(<Harness onEdit={onEdit} list={{ list: [tea], total: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: '编辑收藏 茶饮下午茶' }));
    expect(onEdit).toHaveBeenCalledWith(tea);
  });

  it('tells an empty collection from an empty filter, and offers a retry on error', () => {
    const { rerender } = render(<Harness list={{ list: [], total: 0 }} />);
    expect(screen.getByText(/还没有收藏的案例/)).toBeTruthy();
    rerender(<Harness list={{ list: [], total: 0 }} query={{ page: 1, page_size: 10, tag: '运动' }} />);
    expect(screen.getByText('没有符合条件的收藏')).toBeTruthy();
    rerender(<Harness error />);
    expect(screen.getByText('收藏加载失败，请检查网络后重试。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });

  it('checks tags before they are sent', () => {
    expect(tagProblem(['茶饮'])).toBeUndefined();
    expect(tagProblem(['x'.repeat(10_000)])).toBe('每个标签不能超过20个字');
    expect(tagProblem(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe('最多10个标签');
  });
});

describe('marketing compare view', { timeout: 60_000 }, () => {
  it('puts the cases in columns section by section, and stacks them for phones', async () => {
    render(<CompareView cases={[tea, run, car]} onBack={() => undefined} />);
    const table = screen.getByRole('table', { name: '案例对比表' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.querySelector('.mk-compare-title')?.textContent ?? h.textContent);
    expect(headers).toEqual(['对比项', '茶饮下午茶', '城市夜跑', '春节回家短片']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '背景',
      '目标',
      '受众',
      '洞察',
      '策略',
      '创意',
      '渠道',
      '效果与数据',
      '可借鉴之处',
    ]);
    const channels = rows[6]!;
    await waitFor(() =>
      expect(
        within(channels)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      ).toEqual(['小红书', '抖音', '视频号']),
    );
    expect(within(rows[3]!).getAllByRole('cell')[2]!.textContent).toBe('未提及');

    const stacked = screen.getByLabelText('案例分部分对比');
    const insight = within(stacked).getByRole('heading', { name: '洞察' }).closest('section')!;
    expect(insight.querySelectorAll('.mk-compare-case')).toHaveLength(3);
  });

  it('asks for 2 to 3 cases when fewer are chosen', () => {
    const onBack = vi.fn();
    render(<CompareView cases={[tea]} onBack={onBack} />);
    expect(screen.getByText('请在收藏中选择 2–3 个案例进行对比')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返回收藏/ }));
    expect(onBack).toHaveBeenCalled();
  });
});
