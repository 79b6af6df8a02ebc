import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconStyles } from '@ant-design/icons/es/utils';
import seedToken from 'antd/es/theme/themes/seed';
import { antdLightPlugin } from '../../build/antd-light-plugin';
import MotionWrapper from '../../src/lib/antd-light/motion-wrapper';

const require = createRequire(import.meta.url);
const configProviderFile = require.resolve('antd/es/config-provider/index.js');

type ResolveId = (source: string, importer?: string) => string | null;
const resolveId = antdLightPlugin().resolveId as unknown as ResolveId;

describe("antd ConfigProvider's stand-ins", () => {
  it('replace only the two imports of the installed ConfigProvider', () => {
    // After an antd upgrade that renames them, the swap would silently stop: keep it in step.
    const source = readFileSync(configProviderFile, 'utf8');
    expect(source).toContain("import MotionWrapper from './MotionWrapper';");
    expect(source).toContain("import useStyle from './style';");

    expect(resolveId('./MotionWrapper', configProviderFile)).toMatch(/antd-light[\\/]motion-wrapper\.tsx$/);
    expect(resolveId('./style', configProviderFile)).toMatch(/antd-light[\\/]icon-style\.ts$/);
    expect(resolveId('./context', configProviderFile)).toBeNull();
    const otherAntdModule = configProviderFile.replace(/config-provider[\\/]index\.js$/, 'button/index.js');
    expect(resolveId('./style', otherAntdModule)).toBeNull();
    expect(resolveId('./style', undefined)).toBeNull();
  });

  it('keep what the originals do with no theme set', () => {
    // The original MotionWrapper wraps only when the token's motion differs from its default (on),
    // which takes a theme: the portal's provider sets none.
    expect(seedToken.motion).toBe(true);
    const providers = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../src/app/providers.tsx'),
      'utf8',
    );
    // No theme: the locale, and buttons without antd's space between two Chinese characters (发送).
    expect(providers).toMatch(/<ConfigProvider locale=\{zhCN\}(?: button=\{\{ autoInsertSpace: false \}\})?>/);
    const { container } = render(
      <MotionWrapper>
        <p>inside</p>
      </MotionWrapper>,
    );
    expect(container.innerHTML).toBe('<p>inside</p>');
    // The icon reset the original registered comes with the icons themselves.
    for (const rule of ['.anticon {', 'display: inline-flex;', 'vertical-align: -0.125em;', '.anticon-spin {'])
      expect(iconStyles).toContain(rule);
  });
});
