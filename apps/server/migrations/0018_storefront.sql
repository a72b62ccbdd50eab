CREATE TABLE "storefront_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"order_count" integer DEFAULT 0 NOT NULL,
	"lifetime_value" bigint DEFAULT 0 NOT NULL,
	"first_purchased_at" timestamp with time zone NOT NULL,
	"last_purchased_at" timestamp with time zone NOT NULL,
	"last_shipping_address" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("storefront_customers"."name" || ' ' || "storefront_customers"."email")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"failure" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_fulfillment_items" (
	"fulfillment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "storefront_fulfillment_items_fulfillment_id_order_item_id_pk" PRIMARY KEY("fulfillment_id","order_item_id")
);
--> statement-breakpoint
CREATE TABLE "storefront_fulfillments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"fulfiller_kind" text NOT NULL,
	"fulfiller_code" text,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "storefront_order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"actor" text
);
--> statement-breakpoint
CREATE TABLE "storefront_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"variant" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"status" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"shipping" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"note" text,
	"payment_failed" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("storefront_orders"."number"::text || ' ' || "storefront_orders"."customer_name" || ' ' || "storefront_orders"."customer_email")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_payment_accounts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"account_id" text NOT NULL,
	"display_name" text,
	"country" text,
	"default_currency" text,
	"charges_enabled" boolean NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"connected_by" uuid
);
--> statement-breakpoint
CREATE TABLE "storefront_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"method" text NOT NULL,
	"payment_method" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"reference" text,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_shops" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"next_number" integer DEFAULT 1001 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storefront_customers" ADD CONSTRAINT "storefront_customers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_exports" ADD CONSTRAINT "storefront_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_exports" ADD CONSTRAINT "storefront_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_fulfillment_items" ADD CONSTRAINT "storefront_fulfillment_items_fulfillment_id_storefront_fulfillments_id_fk" FOREIGN KEY ("fulfillment_id") REFERENCES "public"."storefront_fulfillments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_fulfillment_items" ADD CONSTRAINT "storefront_fulfillment_items_order_item_id_storefront_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."storefront_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_fulfillments" ADD CONSTRAINT "storefront_fulfillments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_fulfillments" ADD CONSTRAINT "storefront_fulfillments_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_order_events" ADD CONSTRAINT "storefront_order_events_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_order_items" ADD CONSTRAINT "storefront_order_items_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_orders" ADD CONSTRAINT "storefront_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_orders" ADD CONSTRAINT "storefront_orders_customer_id_storefront_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."storefront_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_payment_accounts" ADD CONSTRAINT "storefront_payment_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_payment_accounts" ADD CONSTRAINT "storefront_payment_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_payments" ADD CONSTRAINT "storefront_payments_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_shops" ADD CONSTRAINT "storefront_shops_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_customers_email_key" ON "storefront_customers" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "storefront_customers_last_idx" ON "storefront_customers" USING btree ("project_id","last_purchased_at","id");--> statement-breakpoint
CREATE INDEX "storefront_customers_value_idx" ON "storefront_customers" USING btree ("project_id","lifetime_value","id");--> statement-breakpoint
CREATE INDEX "storefront_customers_count_idx" ON "storefront_customers" USING btree ("project_id","order_count","id");--> statement-breakpoint
CREATE INDEX "storefront_customers_name_idx" ON "storefront_customers" USING btree ("project_id","name","id");--> statement-breakpoint
CREATE INDEX "storefront_customers_search_trgm_idx" ON "storefront_customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storefront_exports_project_idx" ON "storefront_exports" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_fulfillments_order_idx" ON "storefront_fulfillments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_order_events_order_idx" ON "storefront_order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "storefront_order_items_order_idx" ON "storefront_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_orders_number_key" ON "storefront_orders" USING btree ("project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_orders_external_key" ON "storefront_orders" USING btree ("project_id","source","external_id");--> statement-breakpoint
CREATE INDEX "storefront_orders_placed_idx" ON "storefront_orders" USING btree ("project_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "storefront_orders_paid_idx" ON "storefront_orders" USING btree ("project_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "storefront_orders_fulfilled_idx" ON "storefront_orders" USING btree ("project_id","fulfilled_at","id");--> statement-breakpoint
CREATE INDEX "storefront_orders_customer_idx" ON "storefront_orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "storefront_orders_search_trgm_idx" ON "storefront_orders" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_payments_attempt_key" ON "storefront_payments" USING btree ("order_id","attempt");