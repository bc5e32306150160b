CREATE TABLE "memory_models" (
	"user_id" text PRIMARY KEY NOT NULL,
	"parameters" double precision[],
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"optimised_at" timestamp with time zone,
	"answers_used" integer,
	"last_answered_at" timestamp with time zone,
	"default_log_loss" double precision,
	"default_rmse" double precision,
	"personal_log_loss" double precision,
	"personal_rmse" double precision,
	"duration_ms" integer,
	"last_error" text,
	"requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_models_status_check" CHECK ("memory_models"."status" in ('idle', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "memory_models" ADD CONSTRAINT "memory_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;