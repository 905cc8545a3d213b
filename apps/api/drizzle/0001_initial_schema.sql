CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"area_of_activity" text,
	"segmentation" text,
	"responsible" text,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"image_file" text,
	"image_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_cnpj_digits" CHECK ("brands"."cnpj" ~ '^[0-9]{14}$'),
	CONSTRAINT "brands_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"position" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"flag" text DEFAULT 'secundario' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_flag_check" CHECK ("contacts"."flag" in ('principal', 'secundario')),
	CONSTRAINT "contacts_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "franchises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchises_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_name_unique" UNIQUE("name"),
	CONSTRAINT "platforms_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "quotas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotas_name_unique" UNIQUE("name"),
	CONSTRAINT "quotas_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "verticals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verticals_name_unique" UNIQUE("name"),
	CONSTRAINT "verticals_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "lead_franchises" (
	"lead_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	CONSTRAINT "lead_franchises_lead_id_franchise_id_pk" PRIMARY KEY("lead_id","franchise_id")
);
--> statement-breakpoint
CREATE TABLE "lead_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"assessment" text NOT NULL,
	"vertical_id" uuid NOT NULL,
	"quota_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"prospectus_year" integer NOT NULL,
	"contract_status" text NOT NULL,
	"executive_id" uuid,
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"invest" numeric(14, 2) DEFAULT 0 NOT NULL,
	"exchange" boolean DEFAULT false NOT NULL,
	"rouanet_law" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_contract_status_check" CHECK ("leads"."contract_status" in ('frio', 'morno', 'quente', 'fechado', 'no_juridico', 'assinado', 'declinado', 'cancelado')),
	CONSTRAINT "leads_amounts_non_negative" CHECK ("leads"."credit" >= 0 and "leads"."invest" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{user}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_franchises" ADD CONSTRAINT "lead_franchises_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_franchises" ADD CONSTRAINT "lead_franchises_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quota_id_quotas_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."quotas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_status_idx" ON "brands" USING btree ("status");--> statement-breakpoint
CREATE INDEX "brands_created_at_idx" ON "brands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "brands_cnpj_idx" ON "brands" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "brands_name_search_idx" ON "brands" USING btree (f_unaccent_lower("name"));--> statement-breakpoint
CREATE INDEX "brands_company_name_search_idx" ON "brands" USING btree (f_unaccent_lower("company_name"));--> statement-breakpoint
CREATE INDEX "contacts_brand_id_idx" ON "contacts" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_one_principal_per_brand" ON "contacts" USING btree ("brand_id") WHERE "contacts"."flag" = 'principal';--> statement-breakpoint
CREATE INDEX "platforms_status_idx" ON "platforms" USING btree ("status");--> statement-breakpoint
CREATE INDEX "platforms_created_at_idx" ON "platforms" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotas_status_idx" ON "quotas" USING btree ("status");--> statement-breakpoint
CREATE INDEX "quotas_created_at_idx" ON "quotas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verticals_status_idx" ON "verticals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "verticals_created_at_idx" ON "verticals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_franchises_franchise_id_idx" ON "lead_franchises" USING btree ("franchise_id");--> statement-breakpoint
CREATE INDEX "lead_status_changes_lead_id_created_at_idx" ON "lead_status_changes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_contract_status_idx" ON "leads" USING btree ("contract_status");--> statement-breakpoint
CREATE INDEX "leads_vertical_id_idx" ON "leads" USING btree ("vertical_id");--> statement-breakpoint
CREATE INDEX "leads_quota_id_idx" ON "leads" USING btree ("quota_id");--> statement-breakpoint
CREATE INDEX "leads_platform_id_idx" ON "leads" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "leads_prospectus_year_idx" ON "leads" USING btree ("prospectus_year");--> statement-breakpoint
CREATE INDEX "leads_executive_id_idx" ON "leads" USING btree ("executive_id");--> statement-breakpoint
CREATE INDEX "leads_brand_id_idx" ON "leads" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_attempted_at_idx" ON "login_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");