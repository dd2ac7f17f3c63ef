CREATE TABLE "catalog_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"search_key" text NOT NULL,
	"search_type" smallint NOT NULL,
	"contact" text,
	"note" text,
	"lang" text NOT NULL,
	"user_id" integer,
	"client_address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_feedback" ADD CONSTRAINT "catalog_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_feedback_status_idx" ON "catalog_feedback" USING btree ("status","created_at");