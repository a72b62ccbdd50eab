CREATE TABLE "role_assignments" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_assignments_project_id_user_id_role_id_pk" PRIMARY KEY("project_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_assignments_user_idx" ON "role_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_project_key_idx" ON "roles" USING btree ("project_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_built_in_key_idx" ON "roles" USING btree ("key") WHERE "roles"."project_id" is null;--> statement-breakpoint
-- Built-in roles (their permissions are written from code at every start), then each member's role as an assignment.
INSERT INTO "roles" ("id", "project_id", "key", "name", "built_in") VALUES ('0b0e0000-0000-4000-8000-000000000001', NULL, 'owner', 'Owner', true), ('0b0e0000-0000-4000-8000-000000000002', NULL, 'admin', 'Admin', true), ('0b0e0000-0000-4000-8000-000000000003', NULL, 'member', 'Member', true), ('0b0e0000-0000-4000-8000-000000000004', NULL, 'finance', 'Finance', true), ('0b0e0000-0000-4000-8000-000000000005', NULL, 'viewer', 'Viewer', true) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_assignments" ("project_id", "user_id", "role_id") SELECT pm."project_id", pm."user_id", r."id" FROM "project_members" pm JOIN "roles" r ON r."key" = pm."role" AND r."project_id" IS NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "project_members" DROP COLUMN "role";
