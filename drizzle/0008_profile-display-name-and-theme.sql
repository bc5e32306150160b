ALTER TABLE "user_profiles" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_theme_check" CHECK ("user_profiles"."theme" in ('light', 'dark', 'system'));--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_display_name_check" CHECK (char_length("user_profiles"."display_name") between 1 and 40);