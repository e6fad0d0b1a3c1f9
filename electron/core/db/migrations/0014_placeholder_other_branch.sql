-- Placeholder in the rollcall branch only: version 0014 belongs to another branch.
-- Delete this file when merging (the real 0014 takes its place); 0016 follows it.
SELECT 1;
