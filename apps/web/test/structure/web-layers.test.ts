// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'portal/web-layers').map((m) => m.message);
}

describe('the web layers lint rule', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, statically, by re-export or lazily', async () => {
    expect(
      await layerErrors('features/chat/x.ts', "import { a } from '../catalogue/api/get-app-list';\nvoid a;\n"),
    ).toEqual([expect.stringContaining('features/chat may not import from features/catalogue')]);
    expect(await layerErrors('features/chat/api/x.ts', "export * from '../../auth/store/user-store';\n")).toHaveLength(
      1,
    );
    expect(await layerErrors('features/chat/x.ts', "void import('../modules/module-meta');\n")).toHaveLength(1);
  });

  it('refuses a feature importing the app, and shared code importing features or the app', async () => {
    expect(await layerErrors('features/chat/x.ts', "export { a } from '../../app/route-handle';\n")).toHaveLength(1);
    expect(await layerErrors('components/thread/x.ts', "export { a } from '../../features/chat';\n")).toHaveLength(1);
    expect(await layerErrors('lib/x.ts', "export { a } from '../app/router';\n")).toHaveLength(1);
  });

  it('allows a feature its own files, shared code and packages; and the app any feature', async () => {
    const code = [
      "export { a } from './api/list-messages';",
      "export { b } from '../../../components/thread';",
      "export { c } from '../../../lib/api';",
      "export { d } from '@portal/contract';",
    ].join('\n');
    expect(await layerErrors('features/chat/pages/x.ts', `${code}\n`)).toEqual([]);
    expect(await layerErrors('app/routes/x.ts', "export { e } from '../../features/chat';\n")).toEqual([]);
  });
});
