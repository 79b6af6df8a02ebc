CREATE TABLE "analytics_event_names" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "analytics_event_names_day_app_key_name_pk" PRIMARY KEY("day","app_key","name")
);
--> statement-breakpoint
CREATE TABLE "analytics_dropped" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_dropped_day_reason_pk" PRIMARY KEY("day","reason")
);
