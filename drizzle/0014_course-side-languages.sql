ALTER TABLE "courses" ADD COLUMN "question_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "answer_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Existing courses take their author's interface language, as new ones do (decision 0052).
UPDATE "courses" SET "question_language" = p."language", "answer_language" = p."language"
FROM "user_profiles" p WHERE p."user_id" = "courses"."user_id" AND p."language" IS NOT NULL;--> statement-breakpoint
-- The demo courses already loaded get the languages demo-content.ts now states.
UPDATE "courses" SET "question_language" = v.q, "answer_language" = v.a
FROM (VALUES ('Hiragana in Four Decks', 'ja', 'ja-Latn'), ('Basic Japanese Vocabulary', 'ja', 'en'),
             ('はじめての英単語', 'ja', 'en'), ('都道府県と県庁所在地', 'ja', 'ja'),
             ('漢字の読み：数と曜日', 'ja', 'ja')) AS v(name, q, a)
WHERE "courses"."user_id" = 'demo-owner' AND "courses"."name" = v.name;
