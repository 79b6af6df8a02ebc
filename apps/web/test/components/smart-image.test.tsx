import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmartImage, SmartImageProvider } from '../../src/components/smart-image';

const SRC = 'https://img.example.com/a b.png';

let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:proxied-1');
  revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(cleanup);

const img = () => document.querySelector('img') as HTMLImageElement;
const box = () => document.querySelector('.smart-image') as HTMLElement;

describe('SmartImage', () => {
  it('goes loading → loaded, lazily', () => {
    render(<SmartImage src={SRC} alt="cat" fit="contain" />);
    expect(box().dataset.state).toBe('loading');
    expect(box().className).toContain('smart-image--contain');
    expect(img().getAttribute('loading')).toBe('lazy');
    expect(img().getAttribute('referrerpolicy')).toBeNull();
    fireEvent.load(img());
    expect(box().dataset.state).toBe('loaded');
  });

  it('retries without referrer, then through the proxy, then shows the placeholder', async () => {
    const blob = new Blob(['x'], { type: 'image/png' });
    const fetchProxied = vi.fn(() => Promise.resolve(blob));
    const onStateChange = vi.fn();
    const view = render(<SmartImage src={SRC} alt="cat" fetchProxied={fetchProxied} onStateChange={onStateChange} />);

    fireEvent.error(img());
    expect(box().dataset.state).toBe('loading');
    expect(box().dataset.attempt).toBe('no-referrer');
    expect(img().getAttribute('src')).toBe(SRC);
    expect(img().getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(fetchProxied).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.error(img());
    });
    expect(fetchProxied).toHaveBeenCalledWith(`/api/image/proxy?url=${encodeURIComponent(SRC)}`);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(box().dataset.attempt).toBe('proxy');
    expect(img().getAttribute('src')).toBe('blob:proxied-1');

    fireEvent.error(img());
    expect(box().dataset.state).toBe('failed');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('图片加载失败')).toBeTruthy();
    expect(box().style.background).toBe('rgb(246, 247, 247)');
    expect(screen.getByRole('img', { name: 'cat' })).toBe(box());
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:proxied-1');
    expect(onStateChange.mock.calls.map(([s]) => s)).toEqual(['loading', 'failed']);
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledTimes(1);
  });

  it('uses the provider fetcher and revokes the object URL on unmount', async () => {
    const fetchProxied = vi.fn(() => Promise.resolve(new Blob(['x'])));
    const view = render(
      <SmartImageProvider fetchProxied={fetchProxied}>
        <SmartImage src={SRC} />
      </SmartImageProvider>,
    );
    fireEvent.error(img());
    await act(async () => {
      fireEvent.error(img());
    });
    fireEvent.load(img());
    expect(box().dataset.state).toBe('loaded');
    expect(revokeObjectURL).not.toHaveBeenCalled();
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:proxied-1');
  });

  it('shows the placeholder when the proxy request fails or there is no proxy fetcher', async () => {
    const fetchProxied = vi.fn(() => Promise.reject(new Error('502')));
    render(<SmartImage src={SRC} fetchProxied={fetchProxied} />);
    fireEvent.error(img());
    await act(async () => {
      fireEvent.error(img());
    });
    expect(box().dataset.state).toBe('failed');
    expect(createObjectURL).not.toHaveBeenCalled();
    cleanup();

    render(<SmartImage src={SRC} />);
    fireEvent.error(img());
    await act(async () => {
      fireEvent.error(img());
    });
    expect(box().dataset.state).toBe('failed');
    expect(screen.getByRole('img', { name: '图片加载失败' })).toBeTruthy();
  });

  it('revokes a blob that arrives after unmount', async () => {
    let resolve: (blob: Blob) => void = () => {};
    const fetchProxied = vi.fn(() => new Promise<Blob>((r) => (resolve = r)));
    const view = render(<SmartImage src={SRC} fetchProxied={fetchProxied} />);
    fireEvent.error(img());
    fireEvent.error(img());
    view.unmount();
    await act(async () => {
      resolve(new Blob(['x']));
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:proxied-1');
  });

  it('starts over when the source changes', () => {
    const view = render(<SmartImage src={SRC} />);
    fireEvent.error(img());
    expect(box().dataset.attempt).toBe('no-referrer');
    view.rerender(<SmartImage src="https://img.example.com/other.png" />);
    expect(box().dataset.attempt).toBe('direct');
    expect(box().dataset.state).toBe('loading');
    expect(img().getAttribute('src')).toBe('https://img.example.com/other.png');
  });
});
