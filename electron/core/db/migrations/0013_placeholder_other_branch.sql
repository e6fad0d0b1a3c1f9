-- Placeholder in the rollcall branch only: version 0013 belongs to another branch.
-- Delete this file when merging (the real 0013 takes its place); 0016 follows it.
SELECT 1;
