import { useEffect, useRef, useState } from 'react';
import type { MindNode } from '@portal/contract';

interface MindMapProps {
  root: MindNode;
  markdown: string;
  /** File names of the exports. */
  name: string;
}

function download(blob: Blob, file: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const ROW = 28;
const COL = 220;
const PAD = 24;

/**
 * The map drawn on a canvas for the PNG export: a tidy tree, columns by depth. Drawn from the tree
 * itself rather than from markmap's SVG, whose HTML labels would taint a canvas.
 */
function drawPng(root: MindNode): Promise<Blob | null> {
  const rows: { node: MindNode; depth: number; y: number; parentY: number | null }[] = [];
  let next = 0;
  const place = (node: MindNode, depth: number, parentY: number | null): number => {
    const start = rows.length;
    rows.push({ node, depth, y: 0, parentY });
    let y: number;
    if (node.children.length === 0) y = next++ * ROW;
    else {
      const ys = node.children.map((c) => place(c, depth + 1, null));
      y = (ys[0]! + ys[ys.length - 1]!) / 2;
    }
    rows[start]!.y = y;
    return y;
  };
  place(root, 0, null);
  const parentOf = new Map<MindNode, (typeof rows)[number]>();
  for (const r of rows) for (const c of r.node.children) parentOf.set(c, r);
  const depth = Math.max(...rows.map((r) => r.depth));
  const canvas = document.createElement('canvas');
  const scale = 2;
  canvas.width = (PAD * 2 + (depth + 1) * COL) * scale;
  canvas.height = (PAD * 2 + Math.max(1, next) * ROW) * scale;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.font = '13px "PingFang SC", "Microsoft YaHei", sans-serif';
  ctx.textBaseline = 'middle';
  const labels = new Map<MindNode, string>();
  for (const r of rows) {
    let label = r.node.title;
    while (label.length > 1 && ctx.measureText(label).width > COL - 24) label = label.slice(0, -2) + '…';
    labels.set(r.node, label);
  }
  for (const r of rows) {
    const x = PAD + r.depth * COL;
    const y = PAD + r.y + ROW / 2;
    const parent = parentOf.get(r.node);
    if (parent) {
      const px = PAD + parent.depth * COL + ctx.measureText(labels.get(parent.node)!).width + 6;
      const py = PAD + parent.y + ROW / 2;
      ctx.strokeStyle = '#91caff';
      ctx.beginPath();
      ctx.moveTo(px, py);
      ctx.bezierCurveTo((px + x) / 2, py, (px + x) / 2, y, x - 4, y);
      ctx.stroke();
    }
    ctx.fillStyle = r.depth === 0 ? '#0958d9' : '#1f1f1f';
    ctx.fillText(labels.get(r.node)!, x, y);
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** The run's mind notes, rendered by markmap, exportable as PNG and Markdown. */
export function MindMap({ root, markdown, name }: MindMapProps) {
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let destroy: (() => void) | undefined;
    void Promise.all([import('markmap-lib'), import('markmap-view')])
      .then(([{ Transformer }, { Markmap }]) => {
        if (disposed || !svg.current) return;
        const { root: data } = new Transformer().transform(markdown);
        svg.current.innerHTML = '';
        const map = Markmap.create(svg.current, { autoFit: true, duration: 0 }, data);
        destroy = () => map.destroy();
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      destroy?.();
    };
  }, [markdown]);

  return (
    <div className="research-mind">
      <div className="research-mind-actions">
        <button
          type="button"
          className="research-button"
          data-testid="mind-export-png"
          onClick={() => void drawPng(root).then((b) => b && download(b, `${name}.png`))}
        >
          导出 PNG
        </button>
        <button
          type="button"
          className="research-button"
          data-testid="mind-export-md"
          onClick={() => download(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), `${name}.md`)}
        >
          导出 Markdown
        </button>
      </div>
      {failed ? (
        <pre className="research-mind-fallback">{markdown}</pre>
      ) : (
        <svg ref={svg} className="research-mind-svg" data-testid="mind-map" role="img" aria-label="脑图" />
      )}
    </div>
  );
}
