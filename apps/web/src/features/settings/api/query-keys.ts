/** Query keys of the settings feature. */
export const settingsKeys = {
  mine: ['settings'] as const,
  accessTokens: ['settings', 'access-tokens'] as const,
};
