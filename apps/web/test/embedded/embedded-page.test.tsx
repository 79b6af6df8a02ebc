import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotConnected } from '../../src/features/embedded/components/not-connected';
import { ToolFrame } from '../../src/features/embedded/components/tool-frame';

const getEmbedCode = vi.hoisted(() => vi.fn());
vi.mock('../../src/features/embedded/api/get-code', () => ({ getEmbedCode }));

afterEach(() => {
  cleanup();
  getEmbedCode.mockReset();
});

describe('the embedded tool page', () => {
  it('shows the tool at the code’s address in a frame', async () => {
    getEmbedCode.mockResolvedValue({ code: 'c1', embed_url: '/embedded/comfyui/__portal/enter?code=c1' });
    const { container } = render(<ToolFrame appKey="comfyui" title="ComfyUI" />);
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('/embedded/comfyui/__portal/enter?code=c1');
    expect(container.querySelector('iframe')?.getAttribute('title')).toBe('ComfyUI');
    expect(getEmbedCode).toHaveBeenCalledWith('comfyui');
  });

  it('says when the code cannot be had, and asks for a new one on retry', async () => {
    getEmbedCode.mockRejectedValueOnce(new Error('您没有使用该应用的权限'));
    getEmbedCode.mockResolvedValueOnce({ code: 'c2', embed_url: '/embedded/comfyui/__portal/enter?code=c2' });
    const { container } = render(<ToolFrame appKey="comfyui" title="ComfyUI" />);
    await screen.findByText('您没有使用该应用的权限');
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(container.querySelector('iframe')?.getAttribute('src')).toContain('code=c2'));
    expect(getEmbedCode).toHaveBeenCalledTimes(2);
  });

  it('tells administrators which key connects the tool, and staff only that it is not connected', () => {
    const status = {
      app_key: 'stablediffusion',
      configured: false,
      config_key: 'embedded.stablediffusion.url',
    } as const;
    render(<NotConnected status={{ ...status, is_admin: true }} title="Stable Diffusion" />);
    expect(screen.getByText('embedded.stablediffusion.url')).toBeTruthy();
    cleanup();
    render(<NotConnected status={{ ...status, is_admin: false }} title="Stable Diffusion" />);
    expect(screen.getByText('尚未接入')).toBeTruthy();
    expect(screen.queryByText('embedded.stablediffusion.url')).toBeNull();
  });
});
