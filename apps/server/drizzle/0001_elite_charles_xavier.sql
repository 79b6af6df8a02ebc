CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"auto_title" boolean DEFAULT true NOT NULL,
	"model_type" integer NOT NULL,
	"last_prompt_temperature" double precision NOT NULL,
	"lang" integer,
	"enable_mix" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"conv_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"citations" jsonb,
	"status" text NOT NULL,
	"model_type" integer,
	"temperature" double precision,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "message_feedback" (
	"message_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"value" text,
	"copy_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_feedback_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"conv_id" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_usage" ADD CONSTRAINT "chat_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_module_updated_idx" ON "conversations" USING btree ("user_id","module","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conv_seq_idx" ON "chat_messages" USING btree ("conv_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_status_updated_idx" ON "chat_messages" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "chat_usage_user_module_created_idx" ON "chat_usage" USING btree ("user_id","module","created_at");