-- The pipeline as trunk holds it: subject, session, recording, with a few rows.
CREATE TABLE subject (
  subject_id INT NOT NULL,
  species VARCHAR(20) NOT NULL,
  PRIMARY KEY (subject_id)
);
CREATE TABLE session (
  subject_id INT NOT NULL,
  session_id INT NOT NULL,
  PRIMARY KEY (subject_id, session_id),
  CONSTRAINT session_subject_fk FOREIGN KEY (subject_id) REFERENCES subject (subject_id)
);
CREATE TABLE recording (
  subject_id INT NOT NULL,
  session_id INT NOT NULL,
  recording_id INT NOT NULL,
  duration DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (subject_id, session_id, recording_id),
  CONSTRAINT recording_session_fk FOREIGN KEY (subject_id, session_id) REFERENCES session (subject_id, session_id)
);
INSERT INTO subject (subject_id, species) VALUES (1, 'mouse'), (2, 'rat'), (3, 'mouse');
INSERT INTO session (subject_id, session_id) VALUES (1, 1), (1, 2), (2, 1), (3, 1);
INSERT INTO recording (subject_id, session_id, recording_id, duration) VALUES
  (1, 1, 1, 10.0), (1, 2, 1, 20.0), (2, 1, 1, 30.0), (3, 1, 1, 40.0), (3, 1, 2, 50.0);
