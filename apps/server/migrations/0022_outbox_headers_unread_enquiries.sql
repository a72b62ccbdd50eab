ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "storefront_enquiries_unread_idx" ON "storefront_enquiries" USING btree ("project_id") WHERE "storefront_enquiries"."read_at" is null;