-- Issue 18: each subscription's agreed prices and payments kept as they are written, so the dues'
-- unpaid group (every plan whose balance is above zero) reads the plans that owe from one partial
-- index instead of summing the charges and fees of every plan of the library (bench/saas: 16,201
-- balances, 240 ms, for a library of 5,460 students). THE balance rule stays db/account.ts's; this
-- table only says which plans owe. Statement-level triggers with transition tables: a bulk load
-- updates each plan's row once, an edit that changes no amount (a note, a receipt number) takes no
-- lock, and rows are taken in subscription order so two writers never wait for each other in a cycle.
CREATE TABLE "subscription_balances" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"library_id" uuid NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_balances" ADD CONSTRAINT "subscription_balances_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_balances" ADD CONSTRAINT "subscription_balances_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_balances_owing_idx" ON "subscription_balances" USING btree ("library_id","subscription_id") WHERE "subscription_balances"."price" > "subscription_balances"."paid";
--> statement-breakpoint
-- Adds each plan's change of agreed price and of payments (several entries for one plan are summed).
-- A plan deleted in the same transaction (a library deleted, its fees with it) is skipped: its row went with it.
-- Lock order: the library's lock (0019's dashboard_lock, which every fee write takes) first, then the
-- plans' rows in subscription order. Without it a renewal (a charge, then a fee) and a payment of the
-- same plan would each hold what the other waits for: the plan's row, and the library's lock.
CREATE FUNCTION "subscription_balances_change"("subs" uuid[], "libs" uuid[], "prices" numeric[], "paids" numeric[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  SELECT array_agg(DISTINCT c.l) INTO touched
  FROM (SELECT s, l FROM unnest(subs, libs, prices, paids) AS u(s, l, p, q) GROUP BY s, l HAVING sum(p) <> 0 OR sum(q) <> 0) c;
  IF touched IS NULL THEN RETURN; END IF;
  PERFORM dashboard_lock(touched);
  INSERT INTO subscription_balances AS b (subscription_id, library_id, price, paid)
  SELECT c.s, c.l, sum(c.p), sum(c.q) FROM unnest(subs, libs, prices, paids) AS c(s, l, p, q)
  WHERE EXISTS (SELECT 1 FROM subscriptions x WHERE x.id = c.s)
  GROUP BY c.s, c.l HAVING sum(c.p) <> 0 OR sum(c.q) <> 0
  ORDER BY c.s
  ON CONFLICT (subscription_id) DO UPDATE SET price = b.price + excluded.price, paid = b.paid + excluded.paid;
END
$$;
--> statement-breakpoint
-- The fees' side: what counts as paid is every fee not voided (db/account.ts countedFee), an
-- adjustment with its sign. An update counts its rows out as they were and in as they are.
CREATE FUNCTION "subscription_balances_fees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(0::numeric), array_agg(amount))
    FROM new_rows WHERE voided_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(0::numeric), array_agg(amount))
    FROM (
      SELECT subscription_id, library_id, -amount AS amount FROM old_rows WHERE voided_at IS NULL
      UNION ALL
      SELECT subscription_id, library_id, amount FROM new_rows WHERE voided_at IS NULL
    ) AS changes;
  ELSE
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(0::numeric), array_agg(-amount))
    FROM old_rows WHERE voided_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fees_balance_insert" AFTER INSERT ON "fees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_fees"();
--> statement-breakpoint
CREATE TRIGGER "fees_balance_update" AFTER UPDATE ON "fees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_fees"();
--> statement-breakpoint
CREATE TRIGGER "fees_balance_delete" AFTER DELETE ON "fees" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_fees"();
--> statement-breakpoint
-- The charges' side: the agreed price of every period.
CREATE FUNCTION "subscription_balances_charges"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(price), array_agg(0::numeric))
    FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(price), array_agg(0::numeric))
    FROM (
      SELECT subscription_id, library_id, -price AS price FROM old_rows
      UNION ALL
      SELECT subscription_id, library_id, price FROM new_rows
    ) AS changes;
  ELSE
    PERFORM subscription_balances_change(array_agg(subscription_id), array_agg(library_id), array_agg(-price), array_agg(0::numeric))
    FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subscription_charges_balance_insert" AFTER INSERT ON "subscription_charges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_charges"();
--> statement-breakpoint
CREATE TRIGGER "subscription_charges_balance_update" AFTER UPDATE ON "subscription_charges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_charges"();
--> statement-breakpoint
CREATE TRIGGER "subscription_charges_balance_delete" AFTER DELETE ON "subscription_charges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscription_balances_charges"();
--> statement-breakpoint
INSERT INTO "subscription_balances" ("subscription_id", "library_id", "price", "paid")
SELECT s.id, s.library_id, coalesce(c.price, 0), coalesce(f.paid, 0)
FROM "subscriptions" s
LEFT JOIN (SELECT subscription_id, sum(price) AS price FROM "subscription_charges" GROUP BY 1) c ON c.subscription_id = s.id
LEFT JOIN (SELECT subscription_id, sum(amount) AS paid FROM "fees" WHERE voided_at IS NULL GROUP BY 1) f ON f.subscription_id = s.id
WHERE c.price IS NOT NULL OR f.paid IS NOT NULL;
