import { HighlightOutlined } from '@ant-design/icons';
import { IMAGE_UPLOAD_MAX_BYTES } from '@portal/contract';
import { App, Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { uploadErrorMessage, uploadFile } from '../../../lib/upload';
import { useWorkProcess } from '../api/work-process';
import { useWorkbench } from '../store/workbench-store';

const MaskBrush = lazy(() => import('../brush/mask-brush').then((m) => ({ default: m.MaskBrush })));

/**
 * Under a finished cutout: opens the mask brush; the corrected mask is uploaded and used by the
 * next scene generations of this cutout, which the tag says (and can undo).
 */
export function CutoutMask({ cutoutWorkId, sourceUrl }: { cutoutWorkId: string; sourceUrl: string }) {
  const { data } = useWorkProcess(cutoutWorkId);
  const mask = useWorkbench((s) => s.mask);
  const setMask = useWorkbench((s) => s.setMask);
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  const cutout = data?.status === 'done' ? data.images[0] : undefined;
  if (!cutout) return null;
  const applied = mask?.cutoutWorkId === cutoutWorkId;

  const apply = async (png: Blob) => {
    try {
      const file = await uploadFile(new File([png], 'mask.png', { type: 'image/png' }), {
        url: '/api/addbg/file/upload',
        rules: { kinds: ['image'], maxBytes: IMAGE_UPLOAD_MAX_BYTES },
      });
      setMask({ fileId: file.file_id, cutoutWorkId });
      setOpen(false);
      void message.success('已保存修正后的蒙版，生成场景图时将使用它');
    } catch (error) {
      void message.error(uploadErrorMessage(error) ?? '蒙版保存失败');
    }
  };

  return (
    <div className="ab-mask">
      <div className="ab-mask__bar">
        <Button icon={<HighlightOutlined />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? '收起画笔' : '画笔修正抠图'}
        </Button>
        {applied && (
          <Tag
            color="blue"
            closable
            onClose={() => setMask(null)}
            closeIcon={<span aria-label="不再使用修正蒙版">×</span>}
          >
            生成场景图将使用修正后的蒙版
          </Tag>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <MaskBrush sourceUrl={sourceUrl} cutoutUrl={cutout.url} onApply={apply} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
