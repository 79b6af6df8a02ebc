-- 点赞 / 点踩 / 复制 on session-tool answers (brainstorm, insight, pdf): one owner per session, so the
-- value lives on the message itself.
ALTER TABLE "tool_session_messages" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "tool_session_messages" ADD COLUMN "copy_count" integer DEFAULT 0 NOT NULL;
