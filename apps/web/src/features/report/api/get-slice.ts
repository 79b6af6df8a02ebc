import { sliceDetailSchema, type SliceDetail } from '@portal/contract';
import { api } from '../../../lib/api';

/** `GET /api/report/pdf/sliceFileDetail`: a cited passage with its place on the page. */
export const fetchSlice = (chunkId: string): Promise<SliceDetail> =>
  api.get('/api/report/pdf/sliceFileDetail', {
    params: { chunk_id: chunkId },
    schema: sliceDetailSchema,
    silent: true,
  });
