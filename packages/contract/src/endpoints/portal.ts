import { z } from 'zod';
import {
  appDetailQuerySchema,
  appListEntrySchema,
  appListResponseSchema,
  jumpCodeQuerySchema,
  jumpCodeResponseSchema,
  redeemCodeRequestSchema,
  redeemCodeResponseSchema,
  tokenKeyQuerySchema,
  tokenKeyResponseSchema,
} from '../apps';
import { imageProxyQuerySchema } from '../chat';
import { accessRequestListResponseSchema, accessRequestSchema, createAccessRequestSchema } from '../console';
import { endpoint, uploadedFileBodySchema } from '../endpoint';
import { APP_ICON_PATH } from '../file-rules';
import {
  confirmUploadRequestSchema,
  deleteFileRequestSchema,
  fileIdQuerySchema,
  fileIdSchema,
  storageUsageResponseSchema,
  storedFileSchema,
  uploadConfigQuerySchema,
  uploadConfigResponseSchema,
  uploadResponseSchema,
} from '../files';
import { NOTICE_API_PATHS } from '../notice-paths';
import { markNoticesReadResponseSchema, markNoticesReadSchema, noticeListResponseSchema } from '../notices';
import { runtimeConfigSchema } from '../runtime-config';
import {
  authorizeQuerySchema,
  authorizeResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  userInfoResponseSchema,
} from '../user';
import { signInProvidersResponseSchema, workplaceAuthorizeQuerySchema } from '../workplace';

const health = z.object({ status: z.string(), checks: z.record(z.string(), z.enum(['ok', 'failed'])).optional() });

/** Sign-in, the account, notices: `/api/user`. */
export const userEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/api/user/providers',
    summary: 'The sign-in choices this portal offers',
    tag: 'user',
    access: 'public',
    data: signInProvidersResponseSchema,
  }),
  authorize: endpoint({
    method: 'GET',
    path: '/api/user/authorize',
    summary: 'The single sign-on address to send the browser to (binds the sign-in to this browser)',
    tag: 'user',
    access: 'public',
    query: authorizeQuerySchema.extend(workplaceAuthorizeQuerySchema.shape),
    data: authorizeResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/user/login',
    summary: 'Exchanges the sign-on code for the portal’s tokens',
    tag: 'user',
    access: 'public',
    body: loginRequestSchema.extend({ iss: z.string().max(500).optional() }),
    data: loginResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/user/refreshToken',
    summary: 'New tokens for a refresh token (rotated; a reused one ends the session)',
    tag: 'user',
    access: 'public',
    body: refreshRequestSchema,
    data: refreshResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/user/logout',
    summary: 'Ends the session of a refresh token',
    tag: 'user',
    access: 'public',
    body: logoutRequestSchema,
    data: z.null(),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/user/info',
    summary: 'The signed-in account and its rights',
    tag: 'user',
    access: 'user',
    data: userInfoResponseSchema,
  }),
  jumpCode: endpoint({
    method: 'GET',
    path: '/api/user/getJumpCode',
    summary: 'A one-time code that signs the person into another app of the company',
    tag: 'user',
    access: 'user',
    query: jumpCodeQuerySchema,
    data: jumpCodeResponseSchema,
  }),
  notices: endpoint({
    method: 'GET',
    path: NOTICE_API_PATHS.list,
    summary: 'Your notices (decisions on your requests, rights changes)',
    tag: 'user',
    access: 'user',
    data: noticeListResponseSchema,
  }),
  readNotices: endpoint({
    method: 'POST',
    path: NOTICE_API_PATHS.read,
    summary: 'Marks notices as read',
    tag: 'user',
    access: 'user',
    body: markNoticesReadSchema,
    data: markNoticesReadResponseSchema,
  }),
};

/** The catalogue and access requests: `/api/app`. */
export const appEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/list',
    summary: 'The apps you may open',
    tag: 'app',
    access: 'user',
    data: appListResponseSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/app/detail',
    summary: 'One app of the catalogue',
    tag: 'app',
    access: 'user',
    query: appDetailQuerySchema,
    data: appListEntrySchema,
  }),
  icon: endpoint({
    method: 'GET',
    path: APP_ICON_PATH,
    summary: 'An uploaded app icon',
    tag: 'app',
    access: 'public',
    query: z.object({ id: fileIdSchema }),
    reply: 'file',
  }),
  requestAccess: endpoint({
    method: 'POST',
    path: '/api/app/access-request',
    summary: 'Asks the administrators for an app',
    tag: 'app',
    access: 'user',
    body: createAccessRequestSchema,
    data: accessRequestSchema,
  }),
  myRequests: endpoint({
    method: 'GET',
    path: '/api/app/access-requests',
    summary: 'Your requests for apps and their decisions',
    tag: 'app',
    access: 'user',
    data: accessRequestListResponseSchema,
  }),
};

/** Uploads and stored files: `/api/file`. */
export const fileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/file/upload',
    summary: 'Uploads a file through the server',
    tag: 'file',
    access: 'user',
    multipart: true,
    body: uploadedFileBodySchema,
    data: uploadResponseSchema,
  }),
  uploadConfig: endpoint({
    method: 'GET',
    path: '/api/file/uploadTencentConfig',
    summary: 'How to upload: through the server, or straight to object storage with a presigned form',
    tag: 'file',
    access: 'user',
    query: uploadConfigQuerySchema,
    data: uploadConfigResponseSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/file/confirm',
    summary: 'Confirms a direct upload; the server checks the stored object’s content',
    tag: 'file',
    access: 'user',
    body: confirmUploadRequestSchema,
    data: storedFileSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/file/info',
    summary: 'One of your files',
    tag: 'file',
    access: 'user',
    query: fileIdQuerySchema,
    data: storedFileSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/file/download',
    summary: 'One of your files itself',
    tag: 'file',
    access: 'user',
    query: fileIdQuerySchema,
    reply: 'file',
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/file/usage',
    summary: 'Your storage used and your quota',
    tag: 'file',
    access: 'user',
    data: storageUsageResponseSchema,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/file/delete',
    summary: 'Deletes one of your files',
    tag: 'file',
    access: 'user',
    body: deleteFileRequestSchema,
    data: z.null(),
  }),
};

/**
 * A module's own upload and download under its prefix (`/api/pdf/file/upload`), for a module that
 * mounts the shared upload routes rather than its own. Files uploaded there belong to the module.
 * Such a module lists these in its endpoint group; none does today.
 */
export function moduleFileEndpoints<M extends string>(module: M) {
  const tag = module;
  return {
    upload: endpoint({
      method: 'POST',
      path: `/api/${module}/file/upload`,
      summary: 'Uploads a file of this app through the server',
      tag,
      access: 'user',
      multipart: true,
      body: uploadedFileBodySchema,
      data: uploadResponseSchema,
    }),
    download: endpoint({
      method: 'GET',
      path: `/api/${module}/file/download`,
      summary: 'One of your files of this app itself',
      tag,
      access: 'user',
      query: fileIdQuerySchema,
      reply: 'file',
    }),
  };
}

/** Everything else of the portal's own: image proxy, one-time codes for other apps, config, health. */
export const portalEndpoints = {
  imageProxy: endpoint({
    method: 'GET',
    path: '/api/image/proxy',
    summary: 'An image from an allowed host, fetched by the server (answers’ images)',
    tag: 'portal',
    access: 'user',
    query: imageProxyQuerySchema,
    reply: 'file',
  }),
  tokenKey: endpoint({
    method: 'GET',
    path: '/api/studio/get_token_key',
    summary: 'A one-time code for the studio app',
    tag: 'portal',
    access: 'user',
    query: tokenKeyQuerySchema,
    data: tokenKeyResponseSchema,
  }),
  redeemCode: endpoint({
    method: 'POST',
    path: '/api/open/code/redeem',
    summary: 'Another app redeems a one-time code for the person (app key and secret)',
    tag: 'portal',
    access: 'public',
    body: redeemCodeRequestSchema,
    data: redeemCodeResponseSchema,
  }),
  appConfig: endpoint({
    method: 'GET',
    path: '/app-config.json',
    summary: 'The browser’s runtime configuration',
    tag: 'portal',
    access: 'public',
    reply: 'json',
    data: runtimeConfigSchema,
  }),
  livez: endpoint({
    method: 'GET',
    path: '/livez',
    summary: 'The process is alive',
    tag: 'portal',
    access: 'public',
    reply: 'json',
    data: health,
  }),
  readyz: endpoint({
    method: 'GET',
    path: '/readyz',
    summary: 'The process can serve (database and Redis reachable); 503 otherwise',
    tag: 'portal',
    access: 'public',
    reply: 'json',
    data: health,
  }),
};
