/** A catalogue compiled by scripts/lingui-catalog-plugin.ts: `import { messages } from './bn.json?lingui'`. */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
