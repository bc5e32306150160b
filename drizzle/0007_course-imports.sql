CREATE TABLE "course_imports" (
	"user_id" text NOT NULL,
	"import_id" uuid NOT NULL,
	"course_id" integer,
	"deck_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_imports_user_id_import_id_pk" PRIMARY KEY("user_id","import_id")
);
--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_imports_course_idx" ON "course_imports" USING btree ("course_id");