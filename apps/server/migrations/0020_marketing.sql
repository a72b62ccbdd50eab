CREATE TABLE "marketing_campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "marketing_campaign_recipients_campaign_id_subscriber_id_pk" PRIMARY KEY("campaign_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"draft_id" uuid,
	"content" jsonb,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("marketing_campaigns"."name")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"search" text GENERATED ALWAYS AS (lower("marketing_drafts"."name" || ' ' || "marketing_drafts"."subject")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"object_key" text NOT NULL,
	"size" bigint NOT NULL,
	"columns" jsonb NOT NULL,
	"sample" jsonb NOT NULL,
	"mapping" jsonb,
	"list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_list_members" (
	"list_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_list_members_list_id_subscriber_id_pk" PRIMARY KEY("list_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"opt_in" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_subscriber_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "marketing_subscriber_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "marketing_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"gender" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_source" text,
	"unsubscribed_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"last_clicked_at" timestamp with time zone,
	"last_purchased_at" timestamp with time zone,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"last_import_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("marketing_subscribers"."name" || ' ' || "marketing_subscribers"."email")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_suppressions" (
	"project_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_suppressions_project_id_email_hash_pk" PRIMARY KEY("project_id","email_hash")
);
--> statement-breakpoint
ALTER TABLE "marketing_campaign_recipients" ADD CONSTRAINT "marketing_campaign_recipients_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaign_recipients" ADD CONSTRAINT "marketing_campaign_recipients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_draft_id_marketing_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."marketing_drafts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_drafts" ADD CONSTRAINT "marketing_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_drafts" ADD CONSTRAINT "marketing_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_imports" ADD CONSTRAINT "marketing_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_imports" ADD CONSTRAINT "marketing_imports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_list_members" ADD CONSTRAINT "marketing_list_members_list_id_marketing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."marketing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_list_members" ADD CONSTRAINT "marketing_list_members_subscriber_id_marketing_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."marketing_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_list_members" ADD CONSTRAINT "marketing_list_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_lists" ADD CONSTRAINT "marketing_lists_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriber_events" ADD CONSTRAINT "marketing_subscriber_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriber_events" ADD CONSTRAINT "marketing_subscriber_events_subscriber_id_marketing_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."marketing_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscribers" ADD CONSTRAINT "marketing_subscribers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_suppressions" ADD CONSTRAINT "marketing_suppressions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_campaigns_created_idx" ON "marketing_campaigns" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_due_idx" ON "marketing_campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "marketing_drafts_updated_idx" ON "marketing_drafts" USING btree ("project_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_imports_project_idx" ON "marketing_imports" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_list_members_subscriber_idx" ON "marketing_list_members" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_lists_name_key" ON "marketing_lists" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "marketing_subscriber_events_subscriber_idx" ON "marketing_subscriber_events" USING btree ("subscriber_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_subscribers_email_key" ON "marketing_subscribers" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "marketing_subscribers_created_idx" ON "marketing_subscribers" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_subscribers_search_trgm_idx" ON "marketing_subscribers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketing_subscribers_purchased_idx" ON "marketing_subscribers" USING btree ("project_id","last_purchased_at") WHERE "marketing_subscribers"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "marketing_subscribers_opened_idx" ON "marketing_subscribers" USING btree ("project_id","last_opened_at") WHERE "marketing_subscribers"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "marketing_subscribers_clicked_idx" ON "marketing_subscribers" USING btree ("project_id","last_clicked_at") WHERE "marketing_subscribers"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "marketing_subscribers_mailable_idx" ON "marketing_subscribers" USING btree ("project_id","id") WHERE "marketing_subscribers"."status" = 'subscribed';