-- courses.follow_count mirrors the number of followed_courses rows for the course. A trigger keeps
-- it exact whoever writes the follows (the follow service, a cascade from a deleted user), so
-- "most followed" reads the courses_follow_count_idx index instead of counting every follow.
CREATE FUNCTION courses_follow_count_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE courses SET follow_count = follow_count + 1 WHERE id = NEW.course_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE courses SET follow_count = follow_count - 1 WHERE id = OLD.course_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER followed_courses_count_trigger
AFTER INSERT OR DELETE ON followed_courses
FOR EACH ROW EXECUTE FUNCTION courses_follow_count_sync();
--> statement-breakpoint
-- The spec's ranked view, for anyone reading the database directly.
CREATE VIEW most_followed_courses AS
SELECT id AS course_id, name, description, follow_count
FROM courses
ORDER BY follow_count DESC, id ASC;
