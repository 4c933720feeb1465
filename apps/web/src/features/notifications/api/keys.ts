// Query keys of the bell (DESIGN.md section 13), in one place: the list and its unread total are
// one query, which the live updates (app/live) keep current.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};
