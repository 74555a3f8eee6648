import { I18nProvider, Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import { i18n, type MessageKey, type MessageValues } from './i18n.ts';

/**
 * A message with markup inside (`Open <0>the link</0>`): each numbered tag becomes the element given
 * for it, so translations can move links and emphasis where their sentence needs them.
 */
export function RichText({
  id,
  values,
  components,
}: {
  id: MessageKey;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <Trans id={id} values={values} components={components} />
    </I18nProvider>
  );
}
