-- A change of a table the pipeline holds: on a branch it runs on the branch's own copy of recording.
ALTER TABLE recording ADD COLUMN quality DOUBLE PRECISION;
CREATE INDEX recording_quality ON recording (quality);
UPDATE recording SET quality = duration / 10;
