CREATE TABLE "company_records" (
	"cnpj" text PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_cnpj_digits";--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_cnpj_format" CHECK ("brands"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$');