-- The interface language each user chose (DESIGN.md section 14): one of the web app's languages
-- (LANGUAGES in packages/shared, checked by PATCH api/auth/me/), or NULL while they have not chosen,
-- when the browser's language decides.
ALTER TABLE users ADD COLUMN language TEXT;
