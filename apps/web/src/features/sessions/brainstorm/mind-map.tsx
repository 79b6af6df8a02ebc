import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
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
    toPng: () => (svgRef.current ? svgToPng(svgRef.current) : Promise.reject(new Error('no map'))),
  }));

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const { root } = transformer.transform(markdown);
    if (mapRef.current) {
      void mapRef.current.setData(root).then(() => mapRef.current?.fit());
    } else {
      // Long idea titles wrap instead of stretching the map until fitting shrinks it unreadable.
      mapRef.current = Markmap.create(svg, { autoFit: true, duration: 0, maxWidth: 220 }, root);
      void mapRef.current.fit();
    }
  }, [markdown]);

  useEffect(
    () => () => {
      mapRef.current?.destroy();
      mapRef.current = null;
    },
    [],
  );

  return <svg ref={svgRef} className="mind-map" role="img" aria-label="创意思维导图" data-testid="mind-map" />;
});

export default MindMap;
