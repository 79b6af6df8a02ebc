import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The source image the workbench is working on. */
export interface SourceImage {
  fileId: string;
  name: string;
  width: number | null;
  height: number | null;
}

export interface WorkbenchState {
  source: SourceImage | null;
  cutoutWorkId: string | null;
  /** Scene works of this source, newest first. */
  sceneWorkIds: string[];
  backgroundId: string | null;
  color: string | null;
  /** The scene an AI engine draws when the prompt background is chosen. */
  prompt: string;
  sizeId: string;
  lightId: string;
  count: number;
  scale: number;
  shadow: boolean;
  projectId: string | null;
  /** The cutout mask corrected with the brush (an uploaded PNG), for the cutout it was made on. */
  mask: { fileId: string; cutoutWorkId: string } | null;
  setSource(source: SourceImage): void;
  setMask(mask: WorkbenchState['mask']): void;
  setCutout(workId: string): void;
  addScene(workId: string): void;
  pick(
    patch: Partial<
      Pick<
        WorkbenchState,
        'backgroundId' | 'color' | 'prompt' | 'sizeId' | 'lightId' | 'count' | 'scale' | 'shadow' | 'projectId'
      >
    >,
  ): void;
}

/**
 * The workbench's choices and the works it follows, kept in local storage so a reload comes back
 * to the same image, cutout and results (the works themselves are on the server).
 */
export const useWorkbench = create<WorkbenchState>()(
  persist(
    (set) => ({
      source: null,
      cutoutWorkId: null,
      sceneWorkIds: [],
      backgroundId: 'studio-white',
      color: null,
      prompt: '',
      sizeId: 'square-800-white',
      lightId: 'soft',
      count: 2,
      scale: 0.7,
      shadow: true,
      projectId: null,
      mask: null,
      setSource: (source) => set({ source, cutoutWorkId: null, sceneWorkIds: [], mask: null }),
      setCutout: (cutoutWorkId) => set({ cutoutWorkId, mask: null }),
      setMask: (mask) => set({ mask }),
      addScene: (workId) => set((s) => ({ sceneWorkIds: [workId, ...s.sceneWorkIds].slice(0, 12) })),
      pick: (patch) => set(patch),
    }),
    { name: 'addbg-workbench', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
