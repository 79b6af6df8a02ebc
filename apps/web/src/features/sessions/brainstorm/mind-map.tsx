import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import Button from 'antd/es/button';
import CompressOutlined from '@ant-design/icons/es/icons/CompressOutlined';
import ZoomInOutlined from '@ant-design/icons/es/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/es/icons/ZoomOutOutlined';
import { Transformer } from 'markmap-lib/no-plugins';
import { Markmap } from 'markmap-view';

export interface MindMapHandle {
  /** The drawn map as a PNG. */
  toPng(): Promise<Blob>;
}

// No plugins: the ideas are plain headings and lists, and katex or highlighting would load for nothing.
const transformer = new Transformer([]);

/** PNG size per drawn pixel, so the export stays sharp on print. */
const EXPORT_SCALE = 2;

/**
 * Labels are drawn at markmap's 16 px times the view's scale. Fitting a wide map into the panel
 * shrank them to about 9 px; the first view never goes below this scale (14 px labels) and starts
 * at the root instead, and the buttons zoom or fit the whole map.
 */
export const MIN_READABLE_SCALE = 0.875;
const ZOOM_STEP = 1.25;

/** The view's current scale, read from the transform markmap puts on its group. */
function scaleOf(map: Markmap): number {
  const match = /scale\(([\d.e-]+)/.exec(map.g.attr('transform') ?? '');
  return match ? Number(match[1]) : 1;
}

/** Fits the map, then zooms in to a readable size when fitting made it smaller, keeping the root in view. */
async function readableView(map: Markmap): Promise<void> {
  await map.fit();
  const scale = scaleOf(map);
  if (scale >= MIN_READABLE_SCALE) return;
  // rescale multiplies the current scale.
  await map.rescale(MIN_READABLE_SCALE / scale);
  if (map.state.data) await map.ensureVisible(map.state.data, { left: 16, right: 16, top: 16, bottom: 16 });
}

function svgToPng(svg: SVGSVGElement): Promise<Blob> {
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const text = new XMLSerializer().serializeToString(copy);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * EXPORT_SCALE;
      canvas.height = height * EXPORT_SCALE;
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('canvas'));
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.scale(EXPORT_SCALE, EXPORT_SCALE);
      ctx.drawImage(img, 0, 0, width, height);
      try {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('png'))), 'image/png');
      } catch (error) {
        reject(error instanceof Error ? error : new Error('png'));
      }
    };
    img.onerror = () => reject(new Error('svg'));
    img.src = url;
  });
}

/** The ideas' mind map, drawn by markmap from the summary's Markdown (this chunk loads only with it). */
const MindMap = forwardRef<MindMapHandle, { markdown: string }>(function MindMap({ markdown }, ref) {
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<Markmap | null>(null);

  useImperativeHandle(ref, () => ({
    // The picture holds the whole map, whatever part of it is in view.
    toPng: async () => {
      const svg = svgRef.current;
      const map = mapRef.current;
      if (!svg || !map) throw new Error('no map');
      await map.fit();
      try {
        return await svgToPng(svg);
      } finally {
        await readableView(map);
      }
    },
  }));

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const { root } = transformer.transform(markdown);
    if (mapRef.current) {
      const map = mapRef.current;
      void map.setData(root).then(() => readableView(map));
    } else {
      // Long idea titles wrap instead of stretching the map; no autoFit, which would shrink it unreadable again.
      // Created without data: given data, create fits the map itself once drawn, after this view.
      const map = Markmap.create(svg, { duration: 0, maxWidth: 220 });
      mapRef.current = map;
      void map.setData(root).then(() => readableView(map));
    }
  }, [markdown]);

  useEffect(
    () => () => {
      mapRef.current?.destroy();
      mapRef.current = null;
    },
    [],
  );

  const zoom = (factor: number) => {
    const map = mapRef.current;
    if (map) void map.rescale(factor);
  };
  return (
    <div className="mind-map-frame">
      <svg ref={svgRef} className="mind-map" role="img" aria-label="创意思维导图" data-testid="mind-map" />
      <div className="mind-map-zoom" role="group" aria-label="缩放思维导图">
        <Button icon={<ZoomInOutlined />} aria-label="放大" title="放大" onClick={() => zoom(ZOOM_STEP)} />
        <Button icon={<ZoomOutOutlined />} aria-label="缩小" title="缩小" onClick={() => zoom(1 / ZOOM_STEP)} />
        <Button
          icon={<CompressOutlined />}
          aria-label="适应窗口"
          title="适应窗口（显示全图）"
          onClick={() => void mapRef.current?.fit()}
        />
      </div>
    </div>
  );
});

export default MindMap;
