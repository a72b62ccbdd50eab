DROP INDEX "marketing_subscribers_purchased_idx";--> statement-breakpoint
DROP INDEX "marketing_subscribers_opened_idx";--> statement-breakpoint
DROP INDEX "marketing_subscribers_clicked_idx";--> statement-breakpoint
CREATE INDEX "marketing_subscribers_purchased_idx" ON "marketing_subscribers" USING btree ("project_id","last_purchased_at","gender","id") WHERE "marketing_subscribers"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "marketing_subscribers_opened_idx" ON "marketing_subscribers" USING btree ("project_id","last_opened_at","gender","id") WHERE "marketing_subscribers"."status" = 'subscribed';--> statement-breakpoint
CREATE INDEX "marketing_subscribers_clicked_idx" ON "marketing_subscribers" USING btree ("project_id","last_clicked_at","gender","id") WHERE "marketing_subscribers"."status" = 'subscribed';