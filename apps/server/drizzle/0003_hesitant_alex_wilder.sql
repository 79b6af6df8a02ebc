ALTER TABLE "documents" ADD COLUMN "ocr_done" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ocr_total" integer;