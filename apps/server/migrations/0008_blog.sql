CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"project_id" uuid,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"visibility" text NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blogs_project_matches_type" CHECK (("blogs"."type" = 'project') = ("blogs"."project_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_platform_slug_idx" ON "blogs" USING btree ("platform_id","slug");--> statement-breakpoint
CREATE INDEX "blogs_platform_created_idx" ON "blogs" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE INDEX "blogs_project_idx" ON "blogs" USING btree ("project_id");