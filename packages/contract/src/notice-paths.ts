/**
 * Notice paths and kinds without zod, so the header's notice bell (on every page's first load)
 * does not pull the schemas in; the schemas are in notices.ts.
 */
export const NOTICE_API_PATHS = {
  list: '/api/user/notices',
  read: '/api/user/notices/read',
} as const;

export const NOTICE_KINDS = ['access_request.approved', 'access_request.denied', 'access_request.new'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
