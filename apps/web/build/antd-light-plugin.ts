import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** antd's ConfigProvider module, whose relative imports are redirected. */
const CONFIG_PROVIDER = /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;

const standIns = join(dirname(fileURLToPath(import.meta.url)), '../src/lib/antd-light');
/** ConfigProvider's import → the portal's stand-in. */
const replacements: Record<string, string> = {
  './MotionWrapper': join(standIns, 'motion-wrapper.tsx'),
  './style': join(standIns, 'icon-style.ts'),
};

/**
 * The root ConfigProvider (locale only) computes antd's whole design token and registers the icon
 * reset style while the first screen renders: on a phone's CPU a third of rendering `/home`, which
 * shows no antd component. Both parts do nothing the portal needs (no theme turns motion off; the
 * icon rules come with the icons and with every antd component), so ConfigProvider's two imports
 * of them are swapped for stand-ins that skip the token. The token is then computed by the first
 * antd component that renders, as it would be anyway. Checked by test/antd-light.test.tsx.
 */
export function antdLightPlugin(): Plugin {
  return {
    name: 'portal-antd-light',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !CONFIG_PROVIDER.test(importer)) return null;
      return replacements[source] ?? null;
    },
  };
}
