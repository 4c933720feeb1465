// Query keys of the profile's own data. The who-am-I answer (with the e-mail choices) is
// lib/auth.ts's whoamiQueryKey, shared with the shell and the route guard.
export const telegramKeys = {
  status: ['telegram', 'link'] as const,
};
