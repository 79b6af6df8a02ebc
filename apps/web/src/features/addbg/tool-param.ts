import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The designer's tools, switched by `?tool=` on /addbg/workbench (the product workbench has none),
 * so a reload or a shared link opens the same tool.
 */
export const ADDBG_TOOLS = [
  { id: 'product', label: '商品换背景' },
  { id: 'logo', label: '标志设计' },
  { id: 'style', label: '风格迁移' },
  { id: 'describe', label: '图片描述' },
] as const;
export type AddbgToolId = (typeof ADDBG_TOOLS)[number]['id'];

const isTool = (v: string | null): v is AddbgToolId => ADDBG_TOOLS.some((t) => t.id === v);

/** The tool in the address, and a way to open another (a history entry, so Back returns). */
export function useAddbgTool(): [AddbgToolId, (tool: AddbgToolId) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tool');
  const tool = isTool(raw) ? raw : 'product';
  const open = useCallback(
    (next: AddbgToolId) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next === 'product') out.delete('tool');
        else out.set('tool', next);
        return out;
      }),
    [setParams],
  );
  return [tool, open];
}
