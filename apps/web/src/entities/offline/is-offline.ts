import { onlineManager } from '@tanstack/react-query';

/** Whether the browser is offline: as it says, or as React Query learnt it (lib/device-session.ts). */
export const isOffline = (): boolean => !navigator.onLine || !onlineManager.isOnline();
