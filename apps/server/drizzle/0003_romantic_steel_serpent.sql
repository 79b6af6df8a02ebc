CREATE TABLE "chunk_terms" (
	"chunk_id" bigint PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"terms" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_terms" (
	"file_id" text NOT NULL,
	"term" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "document_terms_term_file_id_pk" PRIMARY KEY("term","file_id")
);
--> statement-breakpoint
ALTER TABLE "tool_session_messages" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ocr_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "position" jsonb;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "comparison" jsonb;--> statement-breakpoint
ALTER TABLE "chunk_terms" ADD CONSTRAINT "chunk_terms_chunk_id_document_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."document_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_terms" ADD CONSTRAINT "chunk_terms_file_id_documents_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."documents"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_file_id_documents_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."documents"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunk_terms_terms_idx" ON "chunk_terms" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "chunk_terms_file_idx" ON "chunk_terms" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "document_terms_file_idx" ON "document_terms" USING btree ("file_id");