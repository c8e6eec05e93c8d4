-- Issue 18: bench/saas found PostgreSQL's JIT compiling the occupancy rebuild of every library: a
-- SQL function's statements are planned with the library as a parameter, the generic estimate
-- (a thousand rows from each generate_series) crosses jit_above_cost, and LLVM spends 550–750 ms
-- compiling a statement that then runs in 17 ms. 5,000 libraries took about an hour; without JIT,
-- 115 s. The app's own sessions turn JIT off when they connect (db/client.ts); this covers the
-- migration's session and any operator who calls the rebuild from psql.
ALTER FUNCTION "booking_occupancy_rebuild"(uuid) SET jit = off;
