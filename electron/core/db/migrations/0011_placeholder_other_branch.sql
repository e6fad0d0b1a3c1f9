-- Placeholder in the rollcall branch only: version 0011 belongs to another branch.
-- Delete this file when merging (the real 0011 takes its place); 0016 follows it.
SELECT 1;
