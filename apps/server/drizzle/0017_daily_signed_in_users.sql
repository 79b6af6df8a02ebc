-- Daily active users count distinct signed-in people only; anonymous visitors (browsers never
-- signed in that day) get their own column. `users` keeps its name with the new meaning and
-- `signed_in` (the same figure) goes. Every stored day is marked for the rollup job to compute
-- again with these definitions.
ALTER TABLE "analytics_daily_users" ADD COLUMN "anonymous" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "analytics_daily_users" DROP COLUMN "signed_in";
--> statement-breakpoint
INSERT INTO "analytics_pending_days" ("day") SELECT "day" FROM "analytics_daily_users" ON CONFLICT ("day") DO NOTHING;
