CREATE TABLE "billing_payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"gateway_reference" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_payment_attempts_amount_check" CHECK ("billing_payment_attempts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "billing_payment_methods_last4_check" CHECK ("billing_payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD CONSTRAINT "billing_payment_attempts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD CONSTRAINT "billing_payment_attempts_payment_method_id_billing_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD CONSTRAINT "billing_payment_attempts_transaction_id_billing_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."billing_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payment_attempts_method_idx" ON "billing_payment_attempts" USING btree ("payment_method_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_project_idx" ON "billing_payment_methods" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_default_idx" ON "billing_payment_methods" USING btree ("project_id") WHERE "billing_payment_methods"."is_default" and "billing_payment_methods"."removed_at" is null;