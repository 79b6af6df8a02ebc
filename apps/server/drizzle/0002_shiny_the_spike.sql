CREATE TABLE "job_schedules" (
	"key" text PRIMARY KEY NOT NULL,
	"slot" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text NOT NULL,
	"quota_key" text NOT NULL,
	"limit" integer,
	"period" text DEFAULT 'day' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_rules_subject_key_idx" ON "quota_rules" USING btree ("subject_type","subject","quota_key");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("singleton_key") WHERE singleton_key is not null and state in ('queued', 'active');