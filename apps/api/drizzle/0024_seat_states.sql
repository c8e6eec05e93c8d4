-- Issue 18: every seat's live state of a library worked out in one pass (db/seat-state.ts). The
-- library's reserved plans that end yesterday or later, read from this index alone: at the largest
-- library of bench/saas (16,000 seats, 16,000 reserved plans) a few thousand entries, where the
-- per-seat probes of subscriptions_seat_reserved_idx were one lookup a seat. Availability's busy
-- seats read it too (the plan's id is there for the one it leaves out when a plan is edited).
CREATE INDEX "subscriptions_library_reserved_idx" ON "subscriptions" USING btree ("library_id", "plan_expires_at")
  INCLUDE ("seat_id", "joining_date", "start_time", "end_time", "id") WHERE "is_reserved";
