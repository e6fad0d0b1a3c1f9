-- Indexes for the big reads (issue 31): the visitor log reads its pages of
-- arrivals in order of arrival, on this index, instead of sorting every
-- check-in the mirror holds.
CREATE INDEX check_ins_arrived ON check_ins(arrived_at);
