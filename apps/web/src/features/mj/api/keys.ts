/** Query keys of the image chat. */
export const mjKeys = {
  all: ['mj'] as const,
  status: ['mj', 'status'] as const,
  conversations: ['mj', 'conversations'] as const,
  turns: (convId: string) => ['mj', 'turns', convId] as const,
  reply: (messageId: string) => ['mj', 'reply', messageId] as const,
};
