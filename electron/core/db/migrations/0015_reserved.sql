-- Reserved for a migration of another branch (only 0017 is walk-ins'): delete this file when that
-- branch's 0015_*.sql is merged. It changes nothing, so a mirror that ran it loses nothing.
SELECT 1;
