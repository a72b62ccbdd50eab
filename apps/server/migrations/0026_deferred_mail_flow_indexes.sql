ALTER TABLE "flow_sends" ADD COLUMN "deferrals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_campaign_recipients" ADD COLUMN "deferrals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_campaign_recipients" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "flow_runs_subscriber_idx" ON "flow_runs" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "flow_sends_interrupted_idx" ON "flow_sends" USING btree ("at") WHERE "flow_sends"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "marketing_campaign_recipients_deferred_idx" ON "marketing_campaign_recipients" USING btree ("campaign_id","retry_at") WHERE "marketing_campaign_recipients"."status" = 'deferred';