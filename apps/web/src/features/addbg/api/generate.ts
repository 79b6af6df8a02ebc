import { addbgEndpoints as e, type CutoutBody, type ProductGenerateBody } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Queues a cutout of an uploaded image; answers the work to follow. */
export async function startCutout(body: CutoutBody): Promise<string> {
  return (await callEndpoint(e.cutout, { body })).work_id;
}

/** Queues the product on a new background (several variants); answers the work to follow. */
export async function startProduct(body: Partial<ProductGenerateBody> & { file_id: string }): Promise<string> {
  return (await callEndpoint(e.productGenerate, { body: body as ProductGenerateBody })).work_id;
}

export async function regenerate(workId: string): Promise<string> {
  return (await callEndpoint(e.regenerate, { body: { work_id: workId } })).work_id;
}
