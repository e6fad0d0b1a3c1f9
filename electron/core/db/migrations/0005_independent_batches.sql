-- Version 5: a batch whose items are distinct identities (each sourceId and
-- each email once) may have its rows delivered side by side; any other batch,
-- and every batch written before this version, stays strictly in order.
ALTER TABLE outbox_batches ADD COLUMN independent INTEGER NOT NULL DEFAULT 0 CHECK (independent IN (0, 1));
