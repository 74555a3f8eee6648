import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsKeys } from '../../features/settings/api/query-keys.ts';
import { useLanguage } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Tells the server the language of a signed-in user (on sign-in and on every switch), so mails to
 * them (verification, password reset, low-stock alerts) are written in it. A failure changes nothing
 * on the page: the next switch or sign-in tries again.
 */
export function useLanguageOnServer(): void {
  const { user } = useSession();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    // Loaded with the first signed-in page, not with the landing page of every visitor.
    import('../../features/settings/api/update-settings.ts')
      .then(({ updateSettings }) => updateSettings({ language }))
      .then(
        (saved) => queryClient.setQueryData(settingsKeys.mine, saved),
        () => undefined,
      );
  }, [userId, language, queryClient]);
}
