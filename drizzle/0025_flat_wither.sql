CREATE TABLE "substances" (
	"id" serial PRIMARY KEY NOT NULL,
	"inchikey" text NOT NULL,
	"smiles" text NOT NULL,
	"formula" text NOT NULL,
	"weight" numeric(10, 3) NOT NULL,
	"heavy_atoms" smallint NOT NULL,
	"mol" "bytea" NOT NULL,
	"morgan" "bytea" NOT NULL,
	"pattern" "bytea" NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "substance_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "substances_inchikey_uq" ON "substances" USING btree ("inchikey");--> statement-breakpoint
CREATE INDEX "substances_atoms_idx" ON "substances" USING btree ("heavy_atoms","id");--> statement-breakpoint
CREATE INDEX "substances_engine_idx" ON "substances" USING btree ("engine");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_substance_id_substances_id_fk" FOREIGN KEY ("substance_id") REFERENCES "public"."substances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_substance_idx" ON "products" USING btree ("substance_id","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_mdl_idx" ON "products" USING btree ("mdl","id") WHERE "products"."active";