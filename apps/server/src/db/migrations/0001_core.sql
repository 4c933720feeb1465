-- Core: businesses, users, sessions, one-time codes, audit, idempotency (DESIGN.md sections 3-5).

CREATE TABLE businesses (
  id          SERIAL PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(btrim(name)) > 0),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id             SERIAL PRIMARY KEY,
  business_id    INTEGER NOT NULL REFERENCES businesses(id),
  email          TEXT NOT NULL CHECK (email = lower(email)),
  password_hash  TEXT NOT NULL,
  role           TEXT NOT NULL CHECK (role IN ('Kassir', 'admin', 'manager', 'Owner', 'Omborchi', 'Bozorchi', 'Ta''minotchi')),
  first_name     TEXT NOT NULL DEFAULT '',
  last_name      TEXT NOT NULL DEFAULT '',
  -- The department code shown in user pickers.
  code           TEXT NOT NULL DEFAULT '',
  login_otp      BOOLEAN NOT NULL DEFAULT false,
  is_active      BOOLEAN NOT NULL DEFAULT true,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT users_email_unique UNIQUE (email)
);
CREATE INDEX users_business_idx ON users (business_id, id);

-- Opaque refresh tokens, stored hashed, rotated on every use (RFC 9700).
CREATE TABLE refresh_tokens (
  id            BIGSERIAL PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  family_id     UUID NOT NULL,
  token_hash    TEXT NOT NULL UNIQUE,
  persistent    BOOLEAN NOT NULL DEFAULT true,
  expires_at    TIMESTAMPTZ NOT NULL,
  rotated_at    TIMESTAMPTZ,
  revoked_at    TIMESTAMPTZ,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- One-time codes for password reset (by e-mail) and for login (by otp_token). A row is written
-- for unknown e-mails too, so limits and timing do not tell which addresses exist.
CREATE TABLE one_time_codes (
  id            BIGSERIAL PRIMARY KEY,
  purpose       TEXT NOT NULL CHECK (purpose IN ('RESET', 'LOGIN')),
  email         TEXT NOT NULL,
  user_id       INTEGER REFERENCES users(id),
  code_hash     TEXT NOT NULL,
  otp_token_hash TEXT UNIQUE,
  attempts      INTEGER NOT NULL DEFAULT 0,
  expires_at    TIMESTAMPTZ NOT NULL,
  used_at       TIMESTAMPTZ,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_email_idx ON one_time_codes (email, purpose, created_at DESC);

CREATE TABLE password_reset_tokens (
  token_hash  TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Failed logins per e-mail, for throttling shared by every server process.
CREATE TABLE login_failures (
  id          BIGSERIAL PRIMARY KEY,
  email       TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (email, created_at DESC);

CREATE TABLE audit_log (
  id           BIGSERIAL PRIMARY KEY,
  business_id  INTEGER REFERENCES businesses(id),
  actor_id     INTEGER REFERENCES users(id),
  action       TEXT NOT NULL,
  entity       TEXT NOT NULL,
  entity_id    TEXT,
  summary      TEXT NOT NULL DEFAULT '',
  ip           TEXT,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_business_idx ON audit_log (business_id, created_at DESC);

-- Idempotency-Key records (DESIGN.md section 4): the first answer, replayed for 24 hours.
CREATE TABLE idempotency_keys (
  user_id       INTEGER NOT NULL REFERENCES users(id),
  key           TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  status_code   INTEGER,
  response      JSONB,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
