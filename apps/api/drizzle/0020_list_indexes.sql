-- Issue 18: the indexes that bench/saas found missing at 5,000 libraries and 1,000,000 students
-- (docs/performance.md "SaaS scale"). Hand-written: Drizzle's index builder has no INCLUDE.
--
-- A seat's live state (seat-state.ts; the seats and areas lists, availability's reserved seats)
-- asks for the reserved plans at that seat that run today or yesterday: read from this index
-- alone, instead of every plan the seat ever had and the library's running plans (BitmapAnd).
CREATE INDEX "subscriptions_seat_reserved_idx" ON "subscriptions" USING btree ("seat_id", "plan_expires_at")
  INCLUDE ("joining_date", "start_time", "end_time", "library_id") WHERE "is_reserved";
--> statement-breakpoint
-- A subscription's balance (db/account.ts: the dues, the payment dialogs, the student app) is two
-- sums over its charges and its counted fees: both read from an index alone.
CREATE INDEX "fees_subscription_counted_idx" ON "fees" USING btree ("subscription_id")
  INCLUDE ("library_id", "amount") WHERE "voided_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_price_idx" ON "subscription_charges" USING btree ("subscription_id")
  INCLUDE ("library_id", "price");
--> statement-breakpoint
-- A student's fees (the student app's payments, the data export, a student's balance) and the fee
-- report's default order by name: the report walks the students in name order
-- (students_library_name_idx) and takes each one's fees from here, newest first, until the page is
-- full, instead of sorting every fee of the library.
CREATE INDEX "fees_library_student_idx" ON "fees" USING btree ("library_id", "student_id", "created_at" DESC NULLS FIRST, "id");
