import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SearchResult } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanEditor } from '../../src/features/search/components/plan-editor';
import { StepList } from '../../src/features/search/components/step-list';

afterEach(() => cleanup());

describe('研究模式', () => {
  it('edits the plan: changes, removes and adds queries, sending only the filled ones', () => {
    const onRun = vi.fn();
    render(<PlanEditor plan={['青石港 吞吐量', '青石港 码头']} busy={false} onRun={onRun} onStop={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: '检索词 1' }), { target: { value: '青石港 2023 吞吐量' } });
    fireEvent.click(screen.getByRole('button', { name: '删除检索词 2' }));
    fireEvent.click(screen.getByRole('button', { name: '添加检索词' }));
    fireEvent.change(screen.getByRole('textbox', { name: '检索词 2' }), { target: { value: ' 自动化码头 ' } });
    fireEvent.click(screen.getByRole('button', { name: '添加检索词' }));
    fireEvent.click(screen.getByTestId('plan-run'));
    expect(onRun).toHaveBeenCalledWith(['青石港 2023 吞吐量', '自动化码头']);
  });

  it('keeps at least one query', () => {
    render(<PlanEditor plan={['只有一条']} busy={false} onRun={() => undefined} onStop={() => undefined} />);
    expect(screen.getByRole('button', { name: '删除检索词 1' })).toHaveProperty('disabled', true);
  });

  it('shows each step with its state and output', () => {
    const run = {
      status: 'interrupted',
      error: null,
      steps: [
        { name: 'plan', title: '规划检索', status: 'done', output: '青石港' },
        { name: 'search', title: '搜索', status: 'interrupted', output: '' },
      ],
    } as unknown as SearchResult;
    render(<StepList run={run} />);
    expect(screen.getByTestId('research-steps').textContent).toContain('已停止');
    expect(screen.getByText('青石港')).toBeTruthy();
    expect(document.querySelector('[data-step="search"]')?.getAttribute('data-status')).toBe('interrupted');
  });
});
