-- As Spring PetClinic's schema.sql declares its tables on MySQL: idempotent, indexes named in the table.
CREATE TABLE IF NOT EXISTS owners (
  id INTEGER NOT NULL PRIMARY KEY,
  first_name VARCHAR(255),
  last_name VARCHAR(255),
  INDEX owners_last_name (last_name)
) engine=InnoDB;
CREATE INDEX IF NOT EXISTS owners_last_name ON owners (last_name);
CREATE TABLE IF NOT EXISTS specialties (
  id INTEGER NOT NULL PRIMARY KEY,
  name VARCHAR(80),
  INDEX specialties_name (name)
) engine=InnoDB;
