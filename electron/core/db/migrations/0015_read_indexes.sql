-- Indexes for the big reads (issue 31).
-- The visitor log reads its pages of arrivals in order of arrival on this
-- index, instead of sorting every check-in the mirror holds.
CREATE INDEX check_ins_arrived ON check_ins(arrived_at);
-- The desk's feed of arrivals reads today's check-ins of its location, not the location's history.
CREATE INDEX check_ins_location_arrived ON check_ins(location_id, arrived_at);
-- The audit view's filters, newest first: each answered on its own index, ended by the page's limit.
CREATE INDEX audit_log_action ON audit_log(action, at);
CREATE INDEX audit_log_device ON audit_log(device, at);
CREATE INDEX audit_log_role ON audit_log(role, at);
