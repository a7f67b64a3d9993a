ALTER TABLE "email_outbox" ADD COLUMN "written_by" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_written_by_staff_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Phones stored as typed before ADR 0041 become E.164 when they read as one (the rules of contracts/phone.ts): a
-- Chilean number typed with or without +56, 56, 0056 or the old trunk zero, or another country's written with + or
-- 00. Anything else stays as it was typed; the back office shows it as it is.
WITH typed AS (
  SELECT "id",
    btrim("phone") AS "text",
    regexp_replace("phone", '[^0-9]', '', 'g') AS "digits"
  FROM "leads"
  WHERE "phone" IS NOT NULL AND "phone" !~ '^\+[0-9]+$'
    AND btrim("phone") ~ '^\+?[0-9 ().\-/]+$' AND length(btrim("phone")) <= 30
), read AS (
  SELECT "id",
    CASE
      WHEN "text" LIKE '+%' OR "digits" LIKE '00%' THEN
        CASE
          WHEN (CASE WHEN "text" LIKE '+%' THEN "digits" ELSE substr("digits", 3) END) LIKE '56%' THEN
            CASE WHEN substr(CASE WHEN "text" LIKE '+%' THEN "digits" ELSE substr("digits", 3) END, 3)
                   ~ '^([2-79][0-9]{8}|600[0-9]{7}|800[0-9]{6})$'
              THEN '+' || CASE WHEN "text" LIKE '+%' THEN "digits" ELSE substr("digits", 3) END END
          WHEN (CASE WHEN "text" LIKE '+%' THEN "digits" ELSE substr("digits", 3) END) ~ '^[1-9][0-9]{7,14}$'
            THEN '+' || CASE WHEN "text" LIKE '+%' THEN "digits" ELSE substr("digits", 3) END
        END
      WHEN "digits" ~ '^([2-79][0-9]{8}|600[0-9]{7}|800[0-9]{6})$' THEN '+56' || "digits"
      WHEN "digits" ~ '^56([2-79][0-9]{8}|600[0-9]{7}|800[0-9]{6})$' THEN '+' || "digits"
      WHEN "digits" ~ '^0([2-79][0-9]{8}|600[0-9]{7}|800[0-9]{6})$' THEN '+56' || substr("digits", 2)
    END AS "e164"
  FROM typed
)
UPDATE "leads" SET "phone" = read."e164" FROM read WHERE "leads"."id" = read."id" AND read."e164" IS NOT NULL;
