-- Users from the web (DESIGN.md section 9): an administrator invites a person, who chooses a
-- password through a single-use link valid 72 hours; the users page shows each last sign-in.

CREATE TABLE invitations (
  -- sha256 of the link's token; the token itself is only in the e-mail.
  token_hash  TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  created_by  INTEGER REFERENCES users(id),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ,
  -- A newer invitation, a deactivation or an accepted one ends the others.
  revoked_at  TIMESTAMPTZ,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

ALTER TABLE users ADD COLUMN last_login_at TIMESTAMPTZ;
-- An invited person has no password until they accept: password_hash holds no argon2 hash then.
ALTER TABLE users ADD COLUMN password_set BOOLEAN NOT NULL DEFAULT true;
