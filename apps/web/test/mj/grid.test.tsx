import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MjMessage } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MjReply } from '../../src/features/mj/components/mj-reply';
import { MjTurn } from '../../src/features/mj/components/mj-turn';

// Images load with the owner's token; here they stay loading.
vi.mock('../../src/lib/fetch-blob', () => ({ fetchBlob: () => new Promise(() => undefined) }));
const callEndpoint = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/call-endpoint', () => ({ callEndpoint }));

afterEach(() => {
  cleanup();
  callEndpoint.mockReset();
});

const id = 'a'.repeat(32);
function turn(overrides: Partial<MjMessage> = {}): MjMessage {
  return {
    message_id: id,
    conv_id: 'c1',
    action: 'imagine',
    variant: null,
    parent_id: null,
    prompt: '雪山下的红色小屋',
    status: 'done',
    progress: 100,
    status_text: '已完成',
    layout: 'grid',
    images: [1, 2, 3, 4].map((position) => ({
      image_id: String(position).repeat(32),
      url: `/api/chatgpt/mj/image?image_id=${String(position).repeat(32)}`,
      width: 256,
      height: 256,
      position,
    })),
    engine: 'openai',
    create_time: 1,
    ...overrides,
  };
}

describe('the image chat’s grid', () => {
  it('upscales, varies and rerolls with the buttons under the 2×2 grid', () => {
    const onAct = vi.fn();
    render(<MjReply turn={turn()} busy={false} onAct={onAct} />);
    expect(screen.getByRole('group', { name: '四张候选图' }).children).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'U2 放大第 2 张' }));
    fireEvent.click(screen.getByRole('button', { name: 'V3 以第 3 张生成变体' }));
    fireEvent.click(screen.getByRole('button', { name: /重新生成/ }));
    expect(onAct.mock.calls).toEqual([
      [id, 'upscale', 2],
      [id, 'variation', 3],
      [id, 'reroll', undefined],
    ]);
  });

  it('keeps the buttons still while another job is being queued', () => {
    render(<MjReply turn={turn()} busy onAct={vi.fn()} />);
    for (const name of ['U1 放大第 1 张', 'V4 以第 4 张生成变体']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });

  it('offers download, vary and reroll on an upscaled image, and no U buttons', () => {
    const onAct = vi.fn();
    const [first] = turn().images;
    render(
      <MjReply
        turn={turn({ action: 'upscale', variant: 2, layout: 'single', images: [first!] })}
        busy={false}
        onAct={onAct}
      />,
    );
    expect(screen.queryByRole('button', { name: /^U\d/ })).toBeNull();
    expect(screen.getByRole('button', { name: /下载/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '以此生成变体' }));
    expect(onAct).toHaveBeenCalledWith(id, 'variation', 1);
  });

  it('shows progress while the job runs, then the grid the reply call reports', async () => {
    callEndpoint.mockResolvedValue(turn());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ol>
          <MjTurn
            turn={turn({ status: 'running', progress: 40, status_text: '生成中', images: [] })}
            busy={false}
            onAct={vi.fn()}
          />
        </ol>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('progressbar', { name: '生成进度' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('生成中 40%')).toBeTruthy();
    await screen.findByRole('group', { name: '四张候选图' });
    expect(callEndpoint.mock.calls[0]![1]).toEqual({ query: { message_id: id } });
  });
});
