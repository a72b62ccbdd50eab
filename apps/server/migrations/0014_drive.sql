CREATE TABLE "drive_changes" (
	"project_id" uuid NOT NULL,
	"sequence" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "drive_changes_project_id_sequence_pk" PRIMARY KEY("project_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "drive_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"folder" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"object_key" text,
	"sha256" text,
	"width" integer,
	"height" integer,
	"tags" text[] NOT NULL,
	"alt_text" text NOT NULL,
	"custom" jsonb NOT NULL,
	"public" boolean NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drive_metrics" (
	"project_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"uploaded_bytes" bigint DEFAULT 0 NOT NULL,
	"bytes_served" bigint DEFAULT 0 NOT NULL,
	"transforms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "drive_metrics_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
CREATE TABLE "drive_projects" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"quota_bytes" bigint NOT NULL,
	"storage_class" text NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"last_sequence" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_changes" ADD CONSTRAINT "drive_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_metrics" ADD CONSTRAINT "drive_metrics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_projects" ADD CONSTRAINT "drive_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_files_created_idx" ON "drive_files" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drive_files_updated_idx" ON "drive_files" USING btree ("project_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "drive_files_name_idx" ON "drive_files" USING btree ("project_id","name","id");--> statement-breakpoint
CREATE INDEX "drive_files_size_idx" ON "drive_files" USING btree ("project_id","size","id");--> statement-breakpoint
CREATE INDEX "drive_files_tags_idx" ON "drive_files" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "drive_files_public_idx" ON "drive_files" USING btree ("project_id","id") WHERE "drive_files"."public";--> statement-breakpoint
CREATE INDEX "drive_metrics_day_idx" ON "drive_metrics" USING btree ("day");