-- The merge: the tables the branch proposed, declared on trunk with real foreign keys.
CREATE TABLE artifact_params (
  param_id INT NOT NULL,
  threshold DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (param_id)
);
CREATE TABLE artifact_score (
  subject_id INT NOT NULL,
  session_id INT NOT NULL,
  recording_id INT NOT NULL,
  param_id INT NOT NULL,
  score DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (subject_id, session_id, recording_id, param_id),
  CONSTRAINT artifact_score_recording_fk FOREIGN KEY (subject_id, session_id, recording_id)
    REFERENCES recording (subject_id, session_id, recording_id),
  CONSTRAINT artifact_score_params_fk FOREIGN KEY (param_id) REFERENCES artifact_params (param_id)
);
