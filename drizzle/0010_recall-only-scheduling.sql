ALTER TABLE "review_log" DROP CONSTRAINT "review_log_mode_check";--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "uncounted_reason" text;--> statement-breakpoint
-- Every answer that did not count before this migration arrived beyond a late answer's window.
UPDATE "review_log" SET "uncounted_reason" = 'late' WHERE NOT "counted";--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_uncounted_reason_check" CHECK (("review_log"."counted" and "review_log"."uncounted_reason" is null) or (not "review_log"."counted" and "review_log"."uncounted_reason" in ('recognition', 'practice', 'same_day', 'late')));--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_mode_check" CHECK ("review_log"."mode" in ('flip', 'choice', 'matching', 'tiles', 'test', 'review', 'write', 'practice'));