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
ALTER TABLE "tool_sessions" ADD CONSTRAINT "tool_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_session_messages" ADD CONSTRAINT "tool_session_messages_session_id_tool_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tool_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_file_id_documents_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."documents"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_sessions_user_module_updated_idx" ON "tool_sessions" USING btree ("user_id","module","updated_at");--> statement-breakpoint
CREATE INDEX "tool_session_messages_session_seq_idx" ON "tool_session_messages" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "documents_collection_idx" ON "documents" USING btree ("collection","created_at");--> statement-breakpoint
CREATE INDEX "document_chunks_collection_idx" ON "document_chunks" USING btree ("collection");--> statement-breakpoint
CREATE INDEX "document_chunks_file_idx" ON "document_chunks" USING btree ("file_id","ord");