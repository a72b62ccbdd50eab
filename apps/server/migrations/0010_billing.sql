CREATE TABLE "billing_accounts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"company" jsonb,
	"currency" text NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_idempotency_keys" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"attempt" uuid NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_idempotency_keys_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
CREATE TABLE "billing_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"integration" text NOT NULL,
	"source_reference" text NOT NULL,
	"description" text,
	"reverses_id" uuid,
	"invoice_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "billing_transactions_amount_check" CHECK ("billing_transactions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "billing_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"auto_top_up_threshold" bigint,
	"auto_top_up_amount" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_wallets_held_check" CHECK ("billing_wallets"."held" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_idempotency_keys" ADD CONSTRAINT "billing_idempotency_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD CONSTRAINT "billing_transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD CONSTRAINT "billing_transactions_wallet_id_billing_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."billing_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_wallets" ADD CONSTRAINT "billing_wallets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_idempotency_keys_created_idx" ON "billing_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_transactions_list_idx" ON "billing_transactions" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_transactions_wallet_idx" ON "billing_transactions" USING btree ("wallet_id","status");--> statement-breakpoint
CREATE INDEX "billing_transactions_invoice_idx" ON "billing_transactions" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_transactions_reverses_idx" ON "billing_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_wallets_project_currency_idx" ON "billing_wallets" USING btree ("project_id","currency");