CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"entry_key" text DEFAULT '' NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"next_at" timestamp with time zone,
	"exit_reason" text,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_sends" (
	"run_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error" text,
	CONSTRAINT "flow_sends_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"definition" jsonb NOT NULL,
	"mails" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid,
	CONSTRAINT "flow_versions_flow_id_version_pk" PRIMARY KEY("flow_id","version")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"live_version" integer,
	"live_trigger" text,
	"draft" jsonb NOT NULL,
	"draft_base_version" integer,
	"draft_updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("flows"."name")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD COLUMN "send_cursor" uuid;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_subscriber_id_marketing_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."marketing_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_entry_idx" ON "flow_runs" USING btree ("flow_id","subscriber_id","entry_key");--> statement-breakpoint
CREATE INDEX "flow_runs_due_idx" ON "flow_runs" USING btree ("next_at") WHERE "flow_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "flow_runs_flow_idx" ON "flow_runs" USING btree ("flow_id","status","step_index");--> statement-breakpoint
CREATE INDEX "flows_created_idx" ON "flows" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flows_live_trigger_idx" ON "flows" USING btree ("project_id","live_trigger") WHERE "flows"."status" = 'active';