-- Issue 18: the dues (modules/dues/dues.repository.ts) read from indexes alone. At bench/saas's
-- largest library (27,000 students) GET /api/dues goes over every due plan of every group: 5,480
-- plans ending in the grace period or the next N days, each asked whether it was renewed, and 2,706
-- that owe. Through subscriptions_library_expiry_idx, subscriptions_library_student_idx and
-- subscription_balances_owing_idx each of those was a heap fetch (the plans, the student's other
-- plans, the kept sums) on pages spread over the whole table: about 20,000 page reads a request
-- that 128 MB of shared buffers did not keep. Hand-written: Drizzle's index builder has no INCLUDE.
--
-- The plans ending on the groups' days with what the dues show of them.
CREATE INDEX "subscriptions_dues_expiry_idx" ON "subscriptions" USING btree ("library_id", "plan_expires_at")
  INCLUDE ("id", "student_id", "seat_id", "is_reserved", "start_time", "end_time", "duration_months");
--> statement-breakpoint
-- Renewed: the same student holds another plan that ends later.
CREATE INDEX "subscriptions_dues_renewed_idx" ON "subscriptions" USING btree ("library_id", "student_id", "plan_expires_at")
  INCLUDE ("id");
--> statement-breakpoint
-- The unpaid group: the plans that owe, with their kept sums.
CREATE INDEX "subscription_balances_owing_sums_idx" ON "subscription_balances" USING btree ("library_id", "subscription_id")
  INCLUDE ("price", "paid") WHERE "price" > "paid";
