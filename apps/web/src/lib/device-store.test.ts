import { describe, expect, it } from 'vitest';
import { forgetWorkerSends } from './device-store.ts';

const WORKBOX = 'workbox-background-sync';

/** Opens Workbox's database as its worker makes it: version 3, a `requests` store keyed by `id`. */
function workboxDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(WORKBOX, 3);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('requests', { autoIncrement: true, keyPath: 'id' });
      store.createIndex('queueName', 'queueName', { unique: false });
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => resolve(open.result);
  });
}

function request<T>(action: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    action.onsuccess = () => resolve(action.result);
    action.onerror = () => reject(action.error);
  });
}

describe('the sends the service worker keeps for Background Sync', () => {
  it('are forgotten (a sign-out), and no database is made where the worker kept none', async () => {
    await forgetWorkerSends();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(WORKBOX);

    const database = await workboxDatabase();
    const store = () => database.transaction('requests', 'readwrite').objectStore('requests');
    await request(store().add({ queueName: 'offline-queue', timestamp: Date.now(), requestData: {} }));
    expect(await request(store().count())).toBe(1);

    await forgetWorkerSends();
    expect(await request(store().count())).toBe(0);
    database.close();
  });
});
