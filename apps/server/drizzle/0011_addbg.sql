-- 图片设计 (addbg): projects, works (one durable job each), their images (stored files), favourites
-- and the per-user image usage of section 3.
CREATE TABLE "addbg_projects" (
  "id" text PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addbg_projects_owner_idx" ON "addbg_projects" ("owner_id", "updated_at");
--> statement-breakpoint
CREATE TABLE "addbg_works" (
  "id" text PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "project_id" text REFERENCES "addbg_projects"("id") ON DELETE SET NULL,
  "kind" text NOT NULL,
  "engine" text NOT NULL,
  "source_file_id" text REFERENCES "files"("id") ON DELETE SET NULL,
  "params" jsonb NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "progress" integer DEFAULT 0 NOT NULL,
  "message" text DEFAULT '' NOT NULL,
  "charged" integer NOT NULL,
  "job_id" bigint,
  "refunded" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addbg_works_owner_idx" ON "addbg_works" ("owner_id", "created_at");
--> statement-breakpoint
CREATE INDEX "addbg_works_project_idx" ON "addbg_works" ("project_id");
--> statement-breakpoint
CREATE TABLE "addbg_images" (
  "id" text PRIMARY KEY NOT NULL,
  "work_id" text NOT NULL REFERENCES "addbg_works"("id") ON DELETE CASCADE,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "file_id" text NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addbg_images_work_idx" ON "addbg_images" ("work_id", "position");
--> statement-breakpoint
CREATE TABLE "addbg_favorites" (
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "image_id" text NOT NULL REFERENCES "addbg_images"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("owner_id", "image_id")
);
--> statement-breakpoint
CREATE TABLE "addbg_usage" (
  "owner_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "total" integer NOT NULL,
  "remain" integer NOT NULL,
  "refresh_at" timestamp with time zone NOT NULL
);
