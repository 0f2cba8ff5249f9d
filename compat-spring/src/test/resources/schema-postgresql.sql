-- As Spring PetClinic's schema.sql declares its tables: idempotent, and an unnamed index run at every start.
CREATE TABLE IF NOT EXISTS owners (
  id INTEGER NOT NULL PRIMARY KEY,
  first_name VARCHAR(255),
  last_name VARCHAR(255)
);
CREATE INDEX ON owners (last_name);
CREATE TABLE IF NOT EXISTS specialties (
  id INTEGER NOT NULL PRIMARY KEY,
  name VARCHAR(80)
);
CREATE INDEX IF NOT EXISTS specialties_name ON specialties (name);
