-- The written form of a document's stored text (services/documents/normalize-text.ts): 0 for
-- text stored before radicals and compatibility ideographs were normalised at extraction, which a
-- background job (documents.normalize-text) rewrites once, document by document; documents
-- parsed from now on are stored in form 1.
ALTER TABLE "documents" ADD COLUMN "text_form" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "text_form" SET DEFAULT 1;
--> statement-breakpoint
CREATE INDEX "documents_text_form_idx" ON "documents" ("text_form");
