import type { InterrogateResult } from '../api/tools';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SourceImage } from './workbench-store';

/** A logo work and whether its images can be downloaded as SVG (templates; AI logos are raster only). */
export interface LogoWorkRef {
  workId: string;
  svg: boolean;
}

export interface ToolsState {
  logo: { text: string; slogan: string; styleId: string; modelId: string; color: string; count: number };
  /** Logo works started here, newest first. */
  logoWorks: LogoWorkRef[];
  style: { source: SourceImage | null; modelId: string | null; prompt: string; workIds: string[] };
  describe: { source: SourceImage | null; result: InterrogateResult | null };
  setLogo(patch: Partial<ToolsState['logo']>): void;
  addLogoWork(work: LogoWorkRef): void;
  setStyle(patch: Partial<ToolsState['style']>): void;
  setDescribe(patch: Partial<ToolsState['describe']>): void;
}

/** How many works of a tool are kept on screen (older ones stay in 我的作品). */
const KEEP = 12;

/**
 * The logo, style-transfer and describe tools' choices and the works they follow, in local
 * storage so a reload comes back to the same form, image and results.
 */
export const useTools = create<ToolsState>()(
  persist(
    (set) => ({
      logo: { text: '', slogan: '', styleId: 'wordmark', modelId: 'builtin', color: '#1f6feb', count: 2 },
      logoWorks: [],
      style: { source: null, modelId: null, prompt: '', workIds: [] },
      describe: { source: null, result: null },
      setLogo: (patch) => set((s) => ({ logo: { ...s.logo, ...patch } })),
      addLogoWork: (work) => set((s) => ({ logoWorks: [work, ...s.logoWorks].slice(0, KEEP) })),
      setStyle: (patch) => set((s) => ({ style: { ...s.style, ...patch } })),
      setDescribe: (patch) => set((s) => ({ describe: { ...s.describe, ...patch } })),
    }),
    { name: 'addbg-tools', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

export const addStyleWork = (workId: string) =>
  useTools.getState().setStyle({ workIds: [workId, ...useTools.getState().style.workIds].slice(0, KEEP) });
