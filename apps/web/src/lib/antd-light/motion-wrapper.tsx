import type { ReactNode } from 'react';

/**
 * Stands in for antd ConfigProvider's MotionWrapper (see build/antd-light-plugin.ts). The original
 * reads the whole design token (computing it on the first screen, even one without a single antd
 * component) only to wrap a motion provider when a theme turns motion off. The portal sets no
 * theme, so motion stays on and the original renders its children as they are, as this does.
 */
export default function MotionWrapper({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
