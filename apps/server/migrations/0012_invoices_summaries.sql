CREATE TABLE "billing_invoice_counters" (
	"platform_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"tax_rate_bps" integer NOT NULL,
	"total" bigint NOT NULL,
	"amount_due" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"line_count" integer NOT NULL,
	"company" jsonb,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "billing_invoices_amounts_check" CHECK ("billing_invoices"."amount_due" >= 0 and "billing_invoices"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"wallet_id" uuid,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"opening_balance" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"payments" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"adjustments" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"transaction_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_invoice_counters" ADD CONSTRAINT "billing_invoice_counters_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_summaries" ADD CONSTRAINT "billing_summaries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_summaries" ADD CONSTRAINT "billing_summaries_wallet_id_billing_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."billing_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_platform_sequence_idx" ON "billing_invoices" USING btree ("platform_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_period_idx" ON "billing_invoices" USING btree ("project_id","period_start") WHERE "billing_invoices"."type" = 'period';--> statement-breakpoint
CREATE INDEX "billing_invoices_list_idx" ON "billing_invoices" USING btree ("project_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_retry_idx" ON "billing_invoices" USING btree ("next_attempt_at") WHERE "billing_invoices"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "billing_summaries_list_idx" ON "billing_summaries" USING btree ("project_id","created_at","id");--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD CONSTRAINT "billing_payment_attempts_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payment_attempts_invoice_idx" ON "billing_payment_attempts" USING btree ("invoice_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_transactions_uninvoiced_idx" ON "billing_transactions" USING btree ("project_id","confirmed_at") WHERE "billing_transactions"."invoice_id" is null and "billing_transactions"."status" = 'confirmed';