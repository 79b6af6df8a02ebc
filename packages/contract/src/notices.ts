import { z } from 'zod';
import { NOTICE_KINDS } from './notice-paths';

/* In-portal notices of the signed-in person (decided access requests, new requests for an app one owns). */

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-portal path to open from the notice, or empty. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NoticeView = z.infer<typeof noticeSchema>;

/** `GET /api/user/notices`: the newest notices (read or not) and how many are unread. */
export const noticeListResponseSchema = z.object({ list: z.array(noticeSchema), unread: z.number().int() });
export type NoticeListResponse = z.infer<typeof noticeListResponseSchema>;

/** `POST /api/user/notices/read`: marks the given notices read, or all of them without `ids`. */
export const markNoticesReadSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(200).optional(),
});
export const markNoticesReadResponseSchema = z.object({ unread: z.number().int() });
