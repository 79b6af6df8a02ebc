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
ALTER TABLE "report_conversations" ADD CONSTRAINT "report_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_messages" ADD CONSTRAINT "report_messages_conversation_id_report_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."report_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_id_report_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."report_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_conversations_user_idx" ON "report_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "report_messages_conversation_seq_idx" ON "report_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "reports_category_idx" ON "reports" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id");