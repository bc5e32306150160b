CREATE TABLE "card_memory" (
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"state" text NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"last_review" timestamp with time zone,
	"introduced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_memory_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "review_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"mode" text NOT NULL,
	"grade" smallint NOT NULL,
	"response_ms" integer,
	"answered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_log_grade_check" CHECK ("review_log"."grade" between 1 and 4),
	CONSTRAINT "review_log_mode_check" CHECK ("review_log"."mode" in ('flip', 'choice', 'matching', 'tiles', 'test', 'review'))
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"desired_retention" real NOT NULL,
	"new_cards_per_day" integer NOT NULL,
	"reviews_per_day" integer NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_memory" ADD CONSTRAINT "card_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_memory" ADD CONSTRAINT "card_memory_card_id_flashcards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_memory" ADD CONSTRAINT "card_memory_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_card_id_flashcards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_memory_user_due_idx" ON "card_memory" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "card_memory_user_course_due_idx" ON "card_memory" USING btree ("user_id","course_id","due");--> statement-breakpoint
CREATE INDEX "card_memory_user_introduced_idx" ON "card_memory" USING btree ("user_id","introduced_at");--> statement-breakpoint
CREATE INDEX "card_memory_card_id_idx" ON "card_memory" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_memory_course_id_idx" ON "card_memory" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "review_log_user_card_answered_idx" ON "review_log" USING btree ("user_id","card_id","answered_at");--> statement-breakpoint
CREATE INDEX "review_log_user_answered_idx" ON "review_log" USING btree ("user_id","answered_at","grade","course_id");--> statement-breakpoint
CREATE INDEX "review_log_user_test_idx" ON "review_log" USING btree ("user_id","card_id","response_ms") WHERE "review_log"."mode" = 'test' and "review_log"."response_ms" is not null;--> statement-breakpoint
CREATE INDEX "review_log_card_id_idx" ON "review_log" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "review_log_course_id_idx" ON "review_log" USING btree ("course_id");