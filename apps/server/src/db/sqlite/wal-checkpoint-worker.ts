/**
 * The thread of WalCheckpoints (wal-checkpoints.ts): a connection of its own to the database file,
 * which runs a PASSIVE checkpoint each time it is asked, and answers when it is done.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointReply, CheckpointRequest } from './wal-checkpoints.ts';

const port = parentPort;
if (!port) throw new Error('wal-checkpoint-worker.ts runs as a worker thread');
const { file } = workerData as { file: string };

const database = new DatabaseSync(file);
database.exec('PRAGMA busy_timeout = 5000');
// The checkpoint syncs the WAL before it copies and the database file after.
database.exec('PRAGMA synchronous = FULL');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');

port.on('message', (request: CheckpointRequest) => {
  if (request === 'close') {
    database.close();
    port.close();
    return;
  }
  let reply: CheckpointReply;
  try {
    checkpoint.get();
    reply = { done: true };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
