CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operation_id" text NOT NULL,
	"actor_user_id" uuid,
	"actor_kind" text NOT NULL,
	"project_id" uuid,
	"target" text,
	"ip" text,
	"result" text NOT NULL,
	"status" integer,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_project_at_idx" ON "audit_log" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");