-- Alphabetical order as people read it (issue #14 item 3, decision 0029): case and width folded
-- (NFKC, lower), katakana read as hiragana, and each run of digits compared as a number: its
-- length (3 digits) before its digits without leading zeros, so "course 2" < "course 10".
-- Compared with COLLATE "C", the order is the same on PGlite and on any PostgreSQL.
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN part[1] ~ '^[0-9]'
      THEN lpad(length(ltrim(part[1], '0'))::text, 3, '0') || ltrim(part[1], '0')
      ELSE part[1] END,
    '' ORDER BY n), '')
  FROM regexp_matches(
    translate(lower(normalize(value, NFKC)), 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ', 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ'),
    '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS parts(part, n)
$$;
--> statement-breakpoint
DROP INDEX "courses_user_name_idx";--> statement-breakpoint
CREATE INDEX "courses_user_name_key_idx" ON "courses" USING btree ("user_id",(natural_sort_key("name") collate "C"),"id");
