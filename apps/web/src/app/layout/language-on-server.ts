import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsKeys } from '../../features/settings/api/query-keys.ts';
import { useLanguage } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Tells the server the language of a signed-in user when it differs from the one the server has
 * (the first sign-in, a switch), so mails to them (verification, password reset, low-stock alerts)
 * are written in it; a page load in the language the server already has sends nothing. A failure
 * changes nothing on the page: the next switch or page load tries again.
 */
export function useLanguageOnServer(): void {
  const { user } = useSession();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    // Loaded with the first signed-in page, not with the landing page of every visitor.
    Promise.all([
      import('../../features/settings/api/get-settings.ts'),
      import('../../features/settings/api/update-settings.ts'),
    ])
      .then(async ([{ getSettings }, { updateSettings }]) => {
        const stored = await queryClient.fetchQuery({ queryKey: settingsKeys.mine, queryFn: getSettings });
        if (stored.language === language) return;
        queryClient.setQueryData(settingsKeys.mine, await updateSettings({ language }));
      })
      .catch(() => undefined);
  }, [userId, language, queryClient]);
}
