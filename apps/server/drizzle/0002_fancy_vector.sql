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
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"conv_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections" jsonb,
	"status" text NOT NULL,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "marketing_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"conv_id" text NOT NULL,
	"title" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"type" integer NOT NULL,
	"name" text NOT NULL,
	"auto_name" boolean DEFAULT true NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_session_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"kind" text DEFAULT 'answer' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb,
	"request" jsonb,
	"status" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_session_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"file_id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"collection" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"page_count" integer,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"ocr_done" integer,
	"ocr_total" integer,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"collection" text NOT NULL,
	"ord" integer NOT NULL,
	"page" integer,
	"row" integer,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "report_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"report_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"kind" text DEFAULT 'answer' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brief" jsonb,
	"status" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"category_id" integer,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"date" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "owners" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_conversations" ADD CONSTRAINT "marketing_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_messages" ADD CONSTRAINT "marketing_messages_conv_id_marketing_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."marketing_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_collections" ADD CONSTRAINT "marketing_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_sessions" ADD CONSTRAINT "tool_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_session_messages" ADD CONSTRAINT "tool_session_messages_session_id_tool_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tool_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_file_id_documents_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."documents"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_conversations" ADD CONSTRAINT "report_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_messages" ADD CONSTRAINT "report_messages_conversation_id_report_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."report_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_id_report_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."report_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_rules_subject_key_idx" ON "quota_rules" USING btree ("subject_type","subject","quota_key");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "marketing_conversations_user_updated_idx" ON "marketing_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "marketing_messages_conv_seq_idx" ON "marketing_messages" USING btree ("conv_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_collections_user_message_idx" ON "marketing_collections" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "marketing_collections_user_created_idx" ON "marketing_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_sessions_user_module_updated_idx" ON "tool_sessions" USING btree ("user_id","module","updated_at");--> statement-breakpoint
CREATE INDEX "tool_session_messages_session_seq_idx" ON "tool_session_messages" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "documents_collection_idx" ON "documents" USING btree ("collection","created_at");--> statement-breakpoint
CREATE INDEX "document_chunks_collection_idx" ON "document_chunks" USING btree ("collection");--> statement-breakpoint
CREATE INDEX "document_chunks_file_idx" ON "document_chunks" USING btree ("file_id","ord");--> statement-breakpoint
CREATE INDEX "report_conversations_user_idx" ON "report_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "report_messages_conversation_seq_idx" ON "report_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "reports_category_idx" ON "reports" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("singleton_key") WHERE singleton_key is not null and state in ('queued', 'active');