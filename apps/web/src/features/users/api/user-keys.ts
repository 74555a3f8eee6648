/** Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  audit: ['users', 'audit'] as const,
};
