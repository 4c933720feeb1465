// Query keys of the chat (DESIGN.md section 13), in one place. Everything the chat shows sits
// under ['chat']; the live updates (app/live) refresh these as the server tells of messages.
export const chatKeys = {
  all: ['chat'] as const,
  /** The conversation list, which also carries unread_total (the sidebar's badge). */
  conversations: ['chat', 'conversations'] as const,
  /** A thread's messages, pages of 50 going back in time. */
  messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
};
