// What the auth pages carry to each other in navigation state (spec.md section 2). History state
// survives a reload of the same tab, and never lands in the URL, logs or the Referer header.

/** /verify-code: reset mode has `email`; login mode (DESIGN.md section 5) has `otpToken`. */
export interface VerifyCodeState {
  email?: string;
  otpToken?: string;
  /** When the last code was sent (ms since epoch): the resend countdown runs from here. */
  sentAt?: number;
}

/** /set-password */
export interface SetPasswordState {
  resetToken?: string;
}

/** /login: a note to show above the form (after a password reset). */
export interface LoginState {
  notice?: string;
}

function record(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

export function readVerifyCodeState(state: unknown): VerifyCodeState {
  const s = record(state);
  return {
    email: text(s.email),
    otpToken: text(s.otpToken),
    sentAt: typeof s.sentAt === 'number' && Number.isFinite(s.sentAt) ? s.sentAt : undefined,
  };
}

export function readSetPasswordState(state: unknown): SetPasswordState {
  return { resetToken: text(record(state).resetToken) };
}

export function readLoginState(state: unknown): LoginState {
  return { notice: text(record(state).notice) };
}
