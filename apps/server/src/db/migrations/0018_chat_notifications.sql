-- Chat, notifications and live updates (DESIGN.md section 13).

-- A conversation: one-to-one between two users of a business (one per pair), or an offer's
-- thread between its two parties (one per offer, gone with a deleted draft).
CREATE TABLE conversations (
  id               SERIAL PRIMARY KEY,
  business_id      INTEGER NOT NULL REFERENCES businesses(id),
  offer_id         INTEGER UNIQUE REFERENCES offers(id) ON DELETE CASCADE,
  -- A one-to-one conversation's two users, the smaller id first.
  user_low_id      INTEGER REFERENCES users(id),
  user_high_id     INTEGER REFERENCES users(id),
  last_message_id  BIGINT,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((offer_id IS NULL) = (user_low_id IS NOT NULL AND user_high_id IS NOT NULL)),
  CHECK (user_low_id < user_high_id),
  UNIQUE (user_low_id, user_high_id)
);

-- Who may read and write a conversation, and how far each has read.
CREATE TABLE conversation_members (
  conversation_id       INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id               INTEGER NOT NULL REFERENCES users(id),
  last_read_message_id  BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user_idx ON conversation_members (user_id, conversation_id);

-- Text is stored as given (DESIGN.md section 13) and always shown as text.
CREATE TABLE messages (
  id               BIGSERIAL PRIMARY KEY,
  conversation_id  INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id        INTEGER NOT NULL REFERENCES users(id),
  text             TEXT NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id DESC);

-- What needs a person, written in the transaction of the event that causes it.
CREATE TABLE notifications (
  id           BIGSERIAL PRIMARY KEY,
  business_id  INTEGER NOT NULL REFERENCES businesses(id),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  kind         TEXT NOT NULL CHECK (kind IN
                 ('OFFER_PENDING', 'OFFER_DECIDED', 'LOW_STOCK', 'DEBT_OVERDUE', 'CHAT_MESSAGE', 'RATE_CHANGED')),
  title        TEXT NOT NULL,
  body         TEXT NOT NULL DEFAULT '',
  -- What it is about, for its link: offer, variant, debt, conversation or currency.
  entity       TEXT,
  entity_id    INTEGER,
  read_at      TIMESTAMPTZ,
  -- When a server process took it to send by e-mail and Telegram (once, by whichever process
  -- claims it first; null until then).
  delivered_at TIMESTAMPTZ,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((entity IS NULL) = (entity_id IS NULL))
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_undelivered_idx ON notifications (id) WHERE delivered_at IS NULL;
-- An overdue debt is announced once to each recipient, however often the daily check runs.
CREATE UNIQUE INDEX notifications_debt_overdue_once ON notifications (user_id, entity_id)
  WHERE kind = 'DEBT_OVERDUE';

-- The live events of each user: written in the transaction of what they tell, announced by
-- NOTIFY when it commits (db/functions/85_events.sql), replayed to a stream that reconnects
-- with Last-Event-ID, and deleted after a day.
CREATE TABLE events (
  id          BIGSERIAL PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  type        TEXT NOT NULL,
  data        JSONB NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX events_user_idx ON events (user_id, id);
CREATE INDEX events_created_idx ON events (created_at);

-- The notifications a user also wants by e-mail (OFFER_PENDING, DEBT_OVERDUE), and the Telegram
-- chat their notifications go to.
ALTER TABLE users ADD COLUMN email_notifications TEXT[] NOT NULL DEFAULT '{}'
  CHECK (email_notifications <@ ARRAY['OFFER_PENDING', 'DEBT_OVERDUE']::text[]);
ALTER TABLE users ADD COLUMN telegram_chat_id BIGINT UNIQUE;

-- One-time codes that link a Telegram chat to a user (single use, ten minutes).
CREATE TABLE telegram_link_codes (
  code        TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
