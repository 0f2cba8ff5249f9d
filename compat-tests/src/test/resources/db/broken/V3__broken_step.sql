-- A branch migration that fails half-way: its first statement succeeds, its second names no table.
CREATE TABLE artifact_note (
  param_id INT NOT NULL,
  note VARCHAR(100) NOT NULL,
  PRIMARY KEY (param_id)
);
INSERT INTO no_such_table (param_id) VALUES (1);
