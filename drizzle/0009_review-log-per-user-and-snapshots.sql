-- Answer ids are unique per user, not across users (#21 item 8); snapshots for late answers (decision 0038).
DROP INDEX "review_log_user_card_answered_idx";--> statement-breakpoint
ALTER TABLE "review_log" DROP CONSTRAINT "review_log_pkey";--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_stability" double precision;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_difficulty" double precision;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_state" text;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_reps" integer;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_lapses" integer;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_learning_steps" integer;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "memory_scheduled_days" integer;--> statement-breakpoint
CREATE INDEX "review_log_user_card_answered_idx" ON "review_log" USING btree ("user_id","card_id","answered_at","id");