import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e, type LogoGenerateBody, type StyleTransformBody } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

/** The lists of the logo and style-transfer tools: fixed by the server's configuration, fetched once per visit. */
const listQuery = <T>(name: string, fetch: () => Promise<{ list: T[] }>) => ({
  queryKey: addbgKeys.list(name),
  queryFn: async () => (await fetch()).list,
  staleTime: 10 * 60_000,
});

export const useLogoStyles = () =>
  useQuery(listQuery('logo-styles', () => callEndpoint(e.logoStyleList, { query: {} })));
export const useLogoModels = () =>
  useQuery(listQuery('logo-models', () => callEndpoint(e.logoModelList, { query: {} })));
export const useStylePresets = () =>
  useQuery(listQuery('style-presets', () => callEndpoint(e.styleTransformModelList, { query: {} })));

/** Queues logos (templates offline, or drawn by the AI engine); answers the work to follow. */
export async function startLogo(body: Partial<LogoGenerateBody> & { text: string }): Promise<string> {
  return (await callEndpoint(e.logoGenerate, { body: body as LogoGenerateBody })).work_id;
}

/** Queues a style transfer of an uploaded image on the AI engine; answers the work to follow. */
export async function startStyle(body: StyleTransformBody): Promise<string> {
  return (await callEndpoint(e.styleTransformGenerate, { body })).work_id;
}

/** Describes an uploaded image (a vision model when configured, else its size and colours). */
export function interrogate(fileId: string) {
  return callEndpoint(e.interrogate, { body: { file_id: fileId } });
}

export type InterrogateResult = Awaited<ReturnType<typeof interrogate>>;
