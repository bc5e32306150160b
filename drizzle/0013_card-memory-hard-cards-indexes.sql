DROP INDEX "card_memory_card_id_idx";--> statement-breakpoint
CREATE INDEX "card_memory_card_lapses_idx" ON "card_memory" USING btree ("card_id","lapses");--> statement-breakpoint
CREATE INDEX "card_memory_user_leech_idx" ON "card_memory" USING btree ("user_id") WHERE "card_memory"."lapses" >= 8;