CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_created_idx" ON "verification_codes" USING btree ("created_at");