import { embeddedEndpoints, type EmbeddedAppKey, type SdWebUICodeResponse } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** A one-time code and the frame's address; each frame load needs a fresh one. */
export function getEmbedCode(appKey: EmbeddedAppKey): Promise<SdWebUICodeResponse> {
  return callEndpoint(embeddedEndpoints.getSDWebUICode, { body: { app_key: appKey }, silent: true });
}
