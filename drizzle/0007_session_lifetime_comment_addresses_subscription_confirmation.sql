ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "signed_in_at" = "created_at";--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "content_comments_ip_idx" ON "content_comments" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_confirm_token_idx" ON "subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
INSERT INTO "staff_role_permissions" ("role_id", "permission") SELECT "role_id", 'TRACKING.VIEW' FROM "staff_role_permissions" WHERE "permission" = 'SETTINGS.EDIT' ON CONFLICT DO NOTHING;