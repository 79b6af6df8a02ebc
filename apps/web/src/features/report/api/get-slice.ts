import { type SliceDetail } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `GET /api/report/pdf/sliceFileDetail`: a cited passage with its place on the page. */
export const fetchSlice = (chunkId: string): Promise<SliceDetail> =>
  callEndpoint(reportEndpoints.slice, { query: { chunk_id: chunkId }, silent: true });
