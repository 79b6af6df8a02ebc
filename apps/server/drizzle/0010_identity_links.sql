-- A person is identified by (provider, subject): rules and the admin list name people as
-- `<provider>:<id>`, a bare name meaning the OIDC provider (services/users/identity.ts). Accounts
-- signed in before carry their provider from the subject: workplace sign-ins always stored
-- `<provider>:<user id>`, every other subject came from OIDC. Stored rules are left as they are:
-- a bare name keeps meaning the OIDC person, `wecom:x` keeps meaning the WeCom one.
ALTER TABLE "users" ADD COLUMN "provider" text DEFAULT 'oidc' NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "provider" = split_part("subject", ':', 1)
  WHERE split_part("subject", ':', 1) IN ('wecom', 'feishu', 'dingtalk');
--> statement-breakpoint
-- Accounts of one person in several providers, linked by an administrator: every account of a
-- person shares its `person_id` (the id of one of them).
CREATE TABLE "identity_links" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "person_id" integer NOT NULL,
  "linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_links_person_idx" ON "identity_links" ("person_id");
