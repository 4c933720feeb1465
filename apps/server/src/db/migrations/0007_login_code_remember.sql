-- A login code remembers the sign-in's "remember me", so the session it completes gets the
-- cookie lifetime the person chose (DESIGN.md section 6).
ALTER TABLE one_time_codes ADD COLUMN persistent BOOLEAN NOT NULL DEFAULT true;
