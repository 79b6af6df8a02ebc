import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppIcon } from '../../src/components/app-icon';
import { loadRuntimeConfig } from '../../src/lib/runtime-config';

async function allowImageHosts(imageHosts: string[]) {
  await loadRuntimeConfig((async () => Response.json({ imageHosts })) as unknown as typeof fetch);
}

const srcOf = (icon: string) => render(<AppIcon icon={icon} name="翻译助手" />).container.querySelector('img')?.src;

afterEach(async () => {
  cleanup();
  await allowImageHosts([]);
});

describe('AppIcon', () => {
  it('shows uploaded and inline icons, and external ones from allowed hosts only', async () => {
    expect(srcOf('/api/app/icon?id=abc')).toBe(`${window.location.origin}/api/app/icon?id=abc`);
    expect(srcOf('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(srcOf('https://icons.example.com/a.png')).toBeUndefined();
    expect(srcOf('//icons.example.com/a.png')).toBeUndefined();
    await allowImageHosts(['icons.example.com']);
    expect(srcOf('https://icons.example.com/a.png')).toBe('https://icons.example.com/a.png');
  });

  it('shows the first character of the name instead', () => {
    const icon = render(<AppIcon icon="https://icons.example.com/a.png" name="翻译助手" />).container;
    expect(icon.textContent).toBe('翻');
  });
});
