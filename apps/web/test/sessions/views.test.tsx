import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** pdf.js stands aside: the viewer draws nothing in jsdom, but says which page it opened. */
vi.mock('../../src/components/pdf-viewer/pdf-engine', () => ({
  openPdf: () =>
    Promise.resolve({
      pageCount: 5,
      pageSize: () => Promise.resolve({ width: 600, height: 800 }),
      render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
      close: () => undefined,
    }),
}));
import type { IdeaCard, InsightReport } from '@portal/contract';
import { pollTiming } from '../../src/components/thread';
import {
  createSessionBackend,
  file,
  hex,
  installChatDom,
  openFiles,
  renderSessions,
  resetSessionState,
  session,
  sessionMessage,
} from './sessions-harness';

beforeAll(installChatDom);
beforeEach(resetSessionState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pollTiming.intervalMs = 2000;
});

const S1 = hex(1);

const card = (card_id: string, title: string, overrides: Partial<IdeaCard> = {}): IdeaCard => ({
  card_id,
  title,
  pitch: `${title}的一句话介绍`,
  why: '成本低，见效快',
  risks: ['需要志愿者'],
  state: 'new',
  rating: null,
  round: 1,
  ...overrides,
});

describe('brainstorm idea cards', { timeout: 90_000 }, () => {
  it('keeps, drops, rates, merges and expands cards of a round', async () => {
    pollTiming.intervalMs = 20;
    const cards = [card('c1', '夜间图书馆'), card('c2', '桌游角'), card('c3', '作家见面会')];
    const backend = createSessionBackend({
      sessions: [{ ...session(S1, '社区图书馆', 'brainstorm'), topic: '吸引年轻人', method: 'scamper' }],
      ideas: cards.map((c) => ({ ...c })),
      messages: {
        [S1]: [
          sessionMessage({ message_id: hex('d1'), role: 'user', content: '主题：吸引年轻人' }),
          sessionMessage({
            message_id: hex('a1'),
            role: 'assistant',
            kind: 'ideas',
            content: '第一轮想法',
            demo: true,
            data: { kind: 'ideas', round: { round: 1, method: 'scamper', cards } },
          }),
        ],
      },
      completion: (id, call) =>
        sessionMessage({
          message_id: id,
          role: 'assistant',
          kind: 'ideas',
          content: '展开后的想法',
          status: call < 2 ? 'generating' : 'done',
          data:
            call < 2
              ? null
              : {
                  kind: 'ideas',
                  round: {
                    round: 2,
                    method: 'scamper',
                    expand_card_id: 'c1',
                    cards: [card('c4', '通宵读书夜', { round: 2 })],
                  },
                },
        }),
    });
    renderSessions(`/brainstorm/session?id=${S1}`, backend);

    const round = await screen.findByTestId('idea-round');
    expect(within(round).getByText(/第 1 轮 · 奔驰法/)).toBeTruthy();
    expect(screen.getByText('演示模型')).toBeTruthy();
    const night = within(round).getByRole('article', { name: '夜间图书馆' });
    expect(within(night).getByText('需要志愿者')).toBeTruthy();

    fireEvent.click(within(night).getByRole('button', { name: /保留/ }));
    await waitFor(() => expect(night.getAttribute('data-state')).toBe('kept'));
    expect(backend.calls('/api/brainstorm/idea/update')[0]?.body).toEqual({
      session_id: S1,
      card_id: 'c1',
      state: 'kept',
    });

    // A card's buttons stay disabled until its save has ended; a click before that is lost.
    const saved = () => waitFor(() => expect(round.querySelectorAll('.idea-action:disabled')).toHaveLength(0));
    await saved();
    const games = within(round).getByRole('article', { name: '桌游角' });
    fireEvent.click(within(games).getByRole('button', { name: /放弃/ }));
    await waitFor(() => expect(games.getAttribute('data-state')).toBe('dropped'));

    // The drop has reached the backend (and the round re-rendered) before the stars are taken:
    // stars found earlier could be replaced and the click lost on a busy machine.
    await waitFor(() => expect(backend.calls('/idea/update')).toHaveLength(2));
    await saved();
    // Four stars on the first card.
    const stars = night.querySelectorAll('.ant-rate-star > div');
    fireEvent.click(stars[3]!);
    await waitFor(() =>
      expect(backend.calls('/idea/update').at(-1)?.body).toEqual({ session_id: S1, card_id: 'c1', rating: 4 }),
    );
    await saved();
    // The shortlist beside the thread shows the kept card.
    await openFiles();
    const board = await screen.findByRole('region', { name: '已保留的想法' });
    await waitFor(() => expect(within(board).getByText('夜间图书馆')).toBeTruthy());

    const merge = within(round).getByRole('button', { name: /合并所选/ });
    expect(merge.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(round).getByLabelText('选择「夜间图书馆」用于合并'));
    fireEvent.click(within(round).getByLabelText('选择「作家见面会」用于合并'));
    expect(
      within(round)
        .getByRole('button', { name: /合并所选（2）/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    fireEvent.click(within(round).getByRole('button', { name: /合并所选/ }));
    await waitFor(() =>
      expect(backend.calls('/idea/merge')[0]?.body).toEqual({ session_id: S1, card_ids: ['c1', 'c3'] }),
    );
    await waitFor(() => expect(within(board).getByText('合并的想法')).toBeTruthy());
    await saved();

    // 展开新一轮 asks for a round on that card with the session's method, polled until done.
    fireEvent.click(within(night).getByRole('button', { name: /展开新一轮/ }));
    await waitFor(() => expect(backend.calls('/api/brainstorm/prompt/asyncAsk')).toHaveLength(1));
    expect(backend.calls('/prompt/asyncAsk')[0]?.body).toEqual({
      session_id: S1,
      action: 'round',
      method: 'scamper',
      expand_card_id: 'c1',
    });
    expect(await screen.findByText('展开「夜间图书馆」· 奔驰法（SCAMPER）')).toBeTruthy();
    // While the round is written, a progress line stands in for the model's raw reply.
    expect((await screen.findByTestId('session-progress')).textContent).toContain('正在生成创意卡片');
    await waitFor(() => expect(screen.getAllByTestId('idea-round')).toHaveLength(2));
    const second = screen.getAllByTestId('idea-round')[1]!;
    expect(within(second).getByText(/第 2 轮/)).toBeTruthy();
    expect(
      within(second)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['通宵读书夜']);
  });

  it('shows 正在整理格式… instead of the raw reply while the model repairs its JSON', async () => {
    pollTiming.intervalMs = 20;
    const broken = '{"ideas": [{"title": "断了';
    const repairing = sessionMessage({
      message_id: hex('a1'),
      role: 'assistant',
      kind: 'ideas',
      content: broken,
      status: 'generating',
      phase: 'repairing',
    });
    let release = false;
    const backend = createSessionBackend({
      sessions: [session(S1, '修复中', 'brainstorm')],
      messages: { [S1]: [repairing] },
      completion: (id) =>
        release
          ? sessionMessage({
              message_id: id,
              role: 'assistant',
              kind: 'ideas',
              content: '第一轮',
              data: { kind: 'ideas', round: { round: 1, method: 'scamper', cards: [card('c1', '夜间图书馆')] } },
            })
          : repairing,
    });
    renderSessions(`/brainstorm/session?id=${S1}`, backend);
    expect((await screen.findByTestId('session-progress')).textContent).toContain('正在整理格式…');
    await waitFor(() => expect(backend.calls('/prompt/getCompletion').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('session-progress').textContent).toContain('正在整理格式…');
    expect(screen.queryByText(broken)).toBeNull();

    release = true;
    expect(await screen.findByTestId('idea-round')).toBeTruthy();
    expect(screen.queryByTestId('session-progress')).toBeNull();
  });

  it('shows a round whose structured reply failed validation as plain text', async () => {
    const backend = createSessionBackend({
      sessions: [session(S1, '坏回复', 'brainstorm')],
      messages: {
        [S1]: [
          sessionMessage({
            message_id: hex('a1'),
            role: 'assistant',
            kind: 'ideas',
            content: '想法一：周末市集',
            data: null,
          }),
        ],
      },
    });
    renderSessions(`/brainstorm/session?id=${S1}`, backend);
    expect(await screen.findByText('想法一：周末市集')).toBeTruthy();
    expect(screen.queryByTestId('idea-round')).toBeNull();
  });
});

const report: InsightReport = {
  summary: '用户整体满意，但对续航不满。',
  voice_count: 123_456,
  emotions: [
    {
      emotion: 'joy',
      label: '喜悦',
      count: 80_000,
      share: 0.65,
      evidence: [{ quote: '颜值很高', file_id: hex('f1'), file_name: '评论.csv', page: null, row: 7 }],
    },
    { emotion: 'anger', label: '愤怒', count: 43_456, share: 0.35, evidence: [] },
  ],
  needs: [
    {
      title: '更长续航',
      detail: '通勤一天需要充两次电',
      count: 12_000,
      evidence: [{ quote: '一天要充两次电', file_id: hex('f2'), file_name: '访谈.pdf', page: 3, row: null }],
    },
  ],
  pain_points: [
    {
      title: '充电慢',
      detail: '',
      count: 900,
      evidence: [{ quote: '充满要三个小时', file_id: null, file_name: '', page: null, row: 2 }],
    },
  ],
  delights: [],
  personas: [
    {
      name: '通勤白领',
      description: '每天地铁通勤',
      goals: ['路上听歌'],
      frustrations: ['没电'],
      evidence: [{ quote: '地铁上没电最烦', file_id: hex('f1'), file_name: '评论.csv', page: null, row: 12 }],
    },
  ],
};

describe('insight report', { timeout: 90_000 }, () => {
  it('renders every section with counts in 万 and quotes that open their source row or page', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf-2', revokeObjectURL: () => undefined }));
    const backend = createSessionBackend({
      sessions: [session(S1, '耳机评论', 'insight')],
      files: [
        file(hex('f1'), { name: '评论.csv', mime: 'text/csv', page_count: 500 }),
        file(hex('f2'), { name: '访谈.pdf' }),
      ],
      messages: {
        [S1]: [
          sessionMessage({
            message_id: hex('a1'),
            role: 'assistant',
            kind: 'report',
            content: '报告',
            data: { kind: 'report', report },
          }),
        ],
      },
    });
    renderSessions(`/insight/session?id=${S1}`, backend);

    const view = await screen.findByTestId('insight-report');
    expect(within(view).getByTestId('insight-voices').textContent).toBe('12.3万');
    expect(within(view).getByText('8万 条 · 65%')).toBeTruthy();
    expect(within(view).getByText('1.2万 条提及')).toBeTruthy();
    expect(within(view).getByText('900 条提及')).toBeTruthy();
    expect(within(screen.getByTestId('insight-delights')).getByText('未发现')).toBeTruthy();
    expect(within(view).getByText('通勤白领')).toBeTruthy();

    // A quote from a table opens its row.
    fireEvent.click(within(view).getByText('颜值很高').closest('button')!);
    const viewer = await screen.findByTestId('source-viewer');
    expect(within(viewer).getByLabelText('引用原文').textContent).toBe('颜值很高');
    expect(within(viewer).getByText('评论.csv，第7行')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    // A quote from a PDF opens the document at its page.
    fireEvent.click(within(screen.getByTestId('insight-needs')).getByText('一天要充两次电').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('pdf-viewer').getAttribute('data-page')).toBe('3'));
    // An evidence quote has no stored place: the page opens with the quote above it.
    expect(screen.getByRole('note').textContent).toContain('已打开第3页');

    // Pasted text has no file: the passage is shown as it is.
    const pains = screen.getByTestId('insight-pains');
    expect(within(pains).getByText('粘贴文本 · 第2行')).toBeTruthy();
    fireEvent.click(within(pains).getByText('充满要三个小时').closest('button')!);
    await waitFor(() => expect(within(screen.getByTestId('source-viewer')).getByText('来自粘贴的文本')).toBeTruthy());
    expect(within(screen.getByTestId('source-viewer')).getByLabelText('引用原文').textContent).toBe('充满要三个小时');
  });

  it('asks a follow-up question in the same session', async () => {
    const backend = createSessionBackend({ sessions: [session(S1, '耳机评论', 'insight')] });
    renderSessions(`/insight/session?id=${S1}`, backend);
    await screen.findByText('上传或粘贴用户原声后，点击「生成洞察报告」。');
    const box = document.querySelector<HTMLTextAreaElement>('.chat-composer textarea')!;
    fireEvent.change(box, { target: { value: '愤怒主要来自哪里？' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.calls('/api/insight/prompt/askStream')).toHaveLength(1));
    expect(backend.calls('/prompt/askStream')[0]?.body).toEqual({
      session_id: S1,
      action: 'ask',
      prompt: '愤怒主要来自哪里？',
    });
  });
});
