import type {
  AddbgEngine,
  AddbgImage,
  AddbgProject,
  AddbgWork,
  AddbgWorkKind,
  AddbgWorkStatus,
} from '@portal/contract';
import type { AddbgImageRow, AddbgProjectRow, AddbgWorkRow } from '../../db/schema';

export const imageUrl = (imageId: string) => `/api/addbg/works/image?image_id=${imageId}`;
export const sourceUrl = (fileId: string) => `/api/addbg/file/download?file_id=${fileId}`;

export function toImage(row: AddbgImageRow, favorites: ReadonlySet<string>): AddbgImage {
  return {
    image_id: row.id,
    url: imageUrl(row.id),
    width: row.width,
    height: row.height,
    favorite: favorites.has(row.id),
  };
}

export function toWork(row: AddbgWorkRow, images: AddbgImageRow[], favorites: ReadonlySet<string>): AddbgWork {
  return {
    work_id: row.id,
    kind: row.kind as AddbgWorkKind,
    engine: row.engine as AddbgEngine,
    status: row.status as AddbgWorkStatus,
    progress: row.progress,
    message: row.message,
    images: row.status === 'done' ? images.map((i) => toImage(i, favorites)) : [],
    project_id: row.projectId,
    file_id: row.sourceFileId,
    source_url: row.sourceFileId ? sourceUrl(row.sourceFileId) : null,
    params: row.params,
    create_time: row.createdAt.getTime(),
  };
}

export function toProject(row: AddbgProjectRow, workCount: number, coverImageId: string | null): AddbgProject {
  return {
    project_id: row.id,
    name: row.name,
    description: row.description,
    cover_url: coverImageId ? imageUrl(coverImageId) : null,
    work_count: workCount,
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}
