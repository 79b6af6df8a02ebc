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
ALTER TABLE "marketing_conversations" ADD CONSTRAINT "marketing_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_messages" ADD CONSTRAINT "marketing_messages_conv_id_marketing_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."marketing_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_collections" ADD CONSTRAINT "marketing_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_conversations_user_updated_idx" ON "marketing_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "marketing_messages_conv_seq_idx" ON "marketing_messages" USING btree ("conv_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_collections_user_message_idx" ON "marketing_collections" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "marketing_collections_user_created_idx" ON "marketing_collections" USING btree ("user_id","created_at");