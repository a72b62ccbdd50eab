CREATE TABLE "integration_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"code" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"name" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"config" jsonb NOT NULL,
	"credentials" text,
	"installed_at" timestamp with time zone NOT NULL,
	"setup_at" timestamp with time zone,
	"uninstalled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_listings" ADD CONSTRAINT "integration_listings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_integrations" ADD CONSTRAINT "project_integrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_listings_platform_code_idx" ON "integration_listings" USING btree ("platform_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "project_integrations_project_code_idx" ON "project_integrations" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "project_integrations_installed_idx" ON "project_integrations" USING btree ("project_id") WHERE "project_integrations"."uninstalled_at" is null;