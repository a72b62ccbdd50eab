ALTER TABLE "marketing_list_members" ADD COLUMN "subscribed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "marketing_list_members_mailable_idx" ON "marketing_list_members" USING btree ("list_id","subscriber_id") WHERE "marketing_list_members"."subscribed";--> statement-breakpoint
-- A member row says whether its subscriber may be mailed (schema.ts, decision 038): set as it is added,
-- and rewritten on every member row of a subscriber whose status moves in or out of `subscribed`.
CREATE FUNCTION marketing_member_subscribed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.subscribed := coalesce(
    (SELECT s.status = 'subscribed' FROM marketing_subscribers s WHERE s.id = NEW.subscriber_id),
    false
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketing_list_members_subscribed
  BEFORE INSERT OR UPDATE OF subscriber_id ON marketing_list_members
  FOR EACH ROW EXECUTE FUNCTION marketing_member_subscribed();
--> statement-breakpoint
CREATE FUNCTION marketing_subscriber_status_to_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE marketing_list_members
     SET subscribed = (NEW.status = 'subscribed')
   WHERE subscriber_id = NEW.id AND subscribed IS DISTINCT FROM (NEW.status = 'subscribed');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketing_subscribers_status_to_members
  AFTER UPDATE OF status ON marketing_subscribers
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION marketing_subscriber_status_to_members();
--> statement-breakpoint
UPDATE marketing_list_members m
   SET subscribed = (s.status = 'subscribed')
  FROM marketing_subscribers s
 WHERE s.id = m.subscriber_id;
