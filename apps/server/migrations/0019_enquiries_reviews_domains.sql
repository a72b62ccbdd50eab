CREATE TABLE "project_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "storefront_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("storefront_enquiries"."name" || ' ' || "storefront_enquiries"."email" || ' ' || "storefront_enquiries"."subject")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_enquiry_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "storefront_enquiry_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"actor_id" uuid,
	"actor_name" text
);
--> statement-breakpoint
CREATE TABLE "storefront_review_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "storefront_review_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_name" text
);
--> statement-breakpoint
CREATE TABLE "storefront_review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"product_sku" text,
	"product_name" text,
	"order_id" uuid,
	"customer_id" uuid,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"photo_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"moderated_at" timestamp with time zone,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower("storefront_reviews"."author_name" || ' ' || "storefront_reviews"."author_email" || ' ' || coalesce("storefront_reviews"."product_name", '') || ' ' || coalesce("storefront_reviews"."title", '') || ' ' || "storefront_reviews"."body")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_domains" ADD CONSTRAINT "project_domains_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_domains" ADD CONSTRAINT "project_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_enquiries" ADD CONSTRAINT "storefront_enquiries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_enquiries" ADD CONSTRAINT "storefront_enquiries_customer_id_storefront_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."storefront_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_enquiry_logs" ADD CONSTRAINT "storefront_enquiry_logs_enquiry_id_storefront_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."storefront_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_enquiry_logs" ADD CONSTRAINT "storefront_enquiry_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_review_logs" ADD CONSTRAINT "storefront_review_logs_review_id_storefront_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."storefront_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_review_logs" ADD CONSTRAINT "storefront_review_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_review_requests" ADD CONSTRAINT "storefront_review_requests_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_review_requests" ADD CONSTRAINT "storefront_review_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_reviews" ADD CONSTRAINT "storefront_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_reviews" ADD CONSTRAINT "storefront_reviews_order_id_storefront_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."storefront_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_reviews" ADD CONSTRAINT "storefront_reviews_customer_id_storefront_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."storefront_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_domains_project_domain_key" ON "project_domains" USING btree ("project_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "project_domains_verified_key" ON "project_domains" USING btree ("domain") WHERE "project_domains"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "project_domains_project_idx" ON "project_domains" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_enquiries_received_idx" ON "storefront_enquiries" USING btree ("project_id","received_at","id");--> statement-breakpoint
CREATE INDEX "storefront_enquiries_search_trgm_idx" ON "storefront_enquiries" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storefront_enquiry_logs_enquiry_idx" ON "storefront_enquiry_logs" USING btree ("enquiry_id","seq");--> statement-breakpoint
CREATE INDEX "storefront_review_logs_review_idx" ON "storefront_review_logs" USING btree ("review_id","seq");--> statement-breakpoint
CREATE INDEX "storefront_reviews_submitted_idx" ON "storefront_reviews" USING btree ("project_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "storefront_reviews_rating_idx" ON "storefront_reviews" USING btree ("project_id","rating","id");--> statement-breakpoint
CREATE INDEX "storefront_reviews_status_idx" ON "storefront_reviews" USING btree ("project_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "storefront_reviews_search_trgm_idx" ON "storefront_reviews" USING gin ("search" gin_trgm_ops);