import { addbgEndpoints, IMAGE_UPLOAD_MAX_BYTES, type StoredFile } from '@portal/contract';
import { FileUpload } from '../../../components/upload';
import { SignedImage } from '../../../components/signed-image/signed-image';
import type { SourceImage } from '../store/workbench-store';

/** Section 5's image checks, as the workbench applies them. */
const RULES = { kinds: ['image'] as const, maxBytes: IMAGE_UPLOAD_MAX_BYTES };

/** Where a source image of this module is downloaded (signed-in). */
export const sourceUrl = (fileId: string) => `${addbgEndpoints.download.path}?file_id=${encodeURIComponent(fileId)}`;

export const toSource = (file: StoredFile): SourceImage => ({
  fileId: file.file_id,
  name: file.name,
  width: file.width,
  height: file.height,
});

/** Upload of a tool's source image, and the image chosen so far. */
export function SourcePicker({
  source,
  alt,
  onPicked,
}: {
  source: SourceImage | null;
  alt: string;
  onPicked(source: SourceImage): void;
}) {
  return (
    <>
      <FileUpload
        action={addbgEndpoints.upload.path}
        rules={RULES}
        accept="image/png,image/jpeg,image/webp"
        hint="支持 PNG、JPG、WebP，不超过 10MB"
        onUploaded={(file) => onPicked(toSource(file))}
      />
      {source && (
        <div className="ab-source">
          <SignedImage url={sourceUrl(source.fileId)} alt={alt} style={{ width: 96, height: 96, borderRadius: 6 }} />
          <div>
            <div>{source.name}</div>
            {source.width && (
              <div className="ab-muted">
                {source.width}×{source.height}
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}
