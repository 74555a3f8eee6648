import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageKey, MessageValues } from './i18n.ts';

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
  return <Trans id={id} values={values} components={components} />;
}
