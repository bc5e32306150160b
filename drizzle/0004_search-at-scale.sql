-- Search and "most followed" at a million courses (decision 0014).
-- courses_follow_count_idx was (follow_count DESC NULLS LAST, id), while every query orders by
-- follow_count DESC, which means NULLS FIRST: PostgreSQL could not read the index in that order and
-- sorted the whole table. Rebuilt in the order the queries use.
-- The prefix indexes serve searches of 1 or 2 characters, which have no trigrams: names and deck
-- names that start with the query, tags equal to it. tag_names lists each tag text once, so a
-- longer search matches a few thousand names instead of millions of course_tags rows.
CREATE TABLE "tag_names" (
	"tag" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_follow_count_idx";--> statement-breakpoint
CREATE INDEX "tag_names_tag_trgm_idx" ON "tag_names" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_tags_tag_lower_idx" ON "course_tags" USING btree (lower("tag"),"course_id");--> statement-breakpoint
CREATE INDEX "courses_name_prefix1_idx" ON "courses" USING btree (left(lower("name"), 1),"follow_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "courses_name_prefix2_idx" ON "courses" USING btree (left(lower("name"), 2),"follow_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "decks_name_prefix1_idx" ON "decks" USING btree (left(lower("name"), 1),"course_id","level");--> statement-breakpoint
CREATE INDEX "decks_name_prefix2_idx" ON "decks" USING btree (left(lower("name"), 2),"course_id","level");--> statement-breakpoint
CREATE INDEX "courses_follow_count_idx" ON "courses" USING btree ("follow_count" DESC NULLS FIRST,"id");;--> statement-breakpoint
CREATE FUNCTION course_tags_name_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_names (tag) VALUES (NEW.tag) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER course_tags_name_trigger
AFTER INSERT OR UPDATE OF tag ON course_tags
FOR EACH ROW EXECUTE FUNCTION course_tags_name_sync();
--> statement-breakpoint
INSERT INTO tag_names (tag) SELECT DISTINCT tag FROM course_tags ON CONFLICT DO NOTHING;
