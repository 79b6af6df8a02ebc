-- Portraits (人像写真) of the image designer: a person's face photo sets (personal data, owner
-- only, with the time they agreed to its use), their photos (stored files) and the personal model
-- trained on a GPU engine; portraits are works of kind `portrait` tied to their set.
CREATE TABLE "addbg_photo_sets" (
  "id" text PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "status" text DEFAULT 'untrained' NOT NULL,
  "progress" integer DEFAULT 0 NOT NULL,
  "message" text DEFAULT '' NOT NULL,
  "consent_at" timestamp with time zone NOT NULL,
  "engine" text,
  "model_ref" text,
  "engine_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "error" text,
  "job_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addbg_photo_sets_owner_idx" ON "addbg_photo_sets" ("owner_id", "created_at");
--> statement-breakpoint
CREATE TABLE "addbg_photos" (
  "id" text PRIMARY KEY NOT NULL,
  "set_id" text NOT NULL REFERENCES "addbg_photo_sets"("id") ON DELETE CASCADE,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "file_id" text NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addbg_photos_set_idx" ON "addbg_photos" ("set_id", "position");
--> statement-breakpoint
ALTER TABLE "addbg_works" ADD COLUMN "photo_set_id" text REFERENCES "addbg_photo_sets"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "addbg_works_photo_set_idx" ON "addbg_works" ("photo_set_id");
