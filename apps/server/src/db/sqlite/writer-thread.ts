/**
 * The thread of SqliteWriter (writer.ts): SQLite's one writer connection, and group commit
 * on it (ADR 29). It handles requests one at a time, in the order they were posted. Every change
 * runs in a savepoint of a shared transaction; once the requests that arrived together are handled,
 * the shared transaction commits (one fsync for all of them, `synchronous=FULL` kept), and only then
 * does the thread say which batch is durable: nothing is acknowledged before it is. A change that
 * fails rolls back to its own savepoint, leaving the others of its batch as they were; if SQLite
 * itself rolled the whole transaction back, or the commit fails, the whole batch fails. Nothing
 * commits while a transaction of the app's is open (between its begin and end), nor when the last
 * request said that another follows at once (someone waited for their turn to post). For a database
 * in a file, the WAL's checkpoints run on a thread of their own (WalCheckpoints), not inside the
 * commits here; while one copies the rest of the WAL after a commit, requests wait in turn.
 */
import { DatabaseSync } from 'node:sqlite';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { QueryResult } from 'kysely';
import { runStatement, type Statement, StatementCachingDatabase } from './statements.ts';
import { WalCheckpoints } from './wal-checkpoints.ts';
import type {
  CarriedError,
  PostedRequest,
  PostedStatement,
  WriterMessage,
  WriterRequest,
  WriterThreadData,
} from './writer.ts';

if (!parentPort) throw new Error('writer-thread.ts runs as a worker thread');
const port: MessagePort = parentPort;
const { file, setup } = workerData as WriterThreadData;

const database = new DatabaseSync(file);
for (const pragma of setup) database.exec(pragma);
const writer = new StatementCachingDatabase(database);

/** SQLite's own default for its automatic checkpoint, in WAL pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** The WAL's checkpoints on a thread of their own (a database in a file). */
const checkpoints = file === ':memory:' ? undefined : walCheckpoints();

function walCheckpoints(): WalCheckpoints {
  database.exec('PRAGMA wal_autocheckpoint = 0');
  return new WalCheckpoints(file, (error) => {
    database.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    process.emitWarning(`${error.message}: SQLite checkpoints the WAL in its commits again`);
  });
}

/** Requests that arrived while a checkpoint's last step ran, handled in turn once it ends. */
const waiting: PostedRequest[] = [];
let checkpointing = false;

const ROLLED_BACK = 'SQLite rolled back the shared transaction: none of its changes was kept';

/** The savepoint each change of a shared transaction runs in. */
const CHANGE = 'group_commit_change';

/** The shared transaction open now (0: none), the number the next one gets, and when it began. */
let batch = 0;
let nextBatch = 1;
let batchBegan = 0;

/**
 * The longest a batch waits for the requests that follow at once, in ms: under steady traffic
 * with transactions of the app's among the changes, someone may always be waiting for their turn.
 */
const BATCH_AGE_MS = 50;

/** Whether a transaction of the app's holds the writer (nothing commits until it ends). */
let appTransaction = false;
/** Whether the last request said that another follows at once (its poster saw someone waiting). */
let moreComing = false;
let commitQueued = false;

/** An error as it crosses to the other thread: its message, and node:sqlite's codes. */
function carried(error: unknown): CarriedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const codes = error as Error & { code?: unknown; errcode?: unknown; errstr?: unknown };
  return {
    message: error.message,
    ...(typeof codes.code === 'string' && { code: codes.code }),
    ...(typeof codes.errcode === 'number' && { errcode: codes.errcode }),
    ...(typeof codes.errstr === 'string' && { errstr: codes.errstr }),
  };
}

const post = (message: WriterMessage) => port.postMessage(message);

/** Opens the shared transaction if none is, and a change's savepoint in it; answers the batch. */
function begin(): number {
  if (batch !== 0 && performance.now() - batchBegan > BATCH_AGE_MS) commit();
  if (batch === 0) {
    writer.exec('begin immediate');
    batch = nextBatch;
    nextBatch += 1;
    batchBegan = performance.now();
  }
  writer.exec(`savepoint ${CHANGE}`);
  return batch;
}

/** Keeps the change under way; it is durable once its batch has committed. */
function keep(): void {
  checkBatchAlive();
  writer.exec(`release ${CHANGE}`);
}

/** Undoes the change under way, and only it. */
function undo(): void {
  if (!writer.inTransaction) {
    failBatch(new Error(ROLLED_BACK));
    return;
  }
  writer.exec(`rollback to ${CHANGE}`);
  writer.exec(`release ${CHANGE}`);
}

/** Throws when SQLite rolled the shared transaction back (an I/O error, a full disk); its batch fails. */
function checkBatchAlive(): void {
  if (writer.inTransaction) return;
  const error = new Error(ROLLED_BACK);
  failBatch(error);
  throw error;
}

function failBatch(error: Error): void {
  if (batch === 0) return;
  post({ kind: 'batch', batch, error: carried(error) });
  batch = 0;
}

/** Commits the shared transaction, if one is open, and says whether its batch is durable. */
function commit(): void {
  if (batch === 0) return;
  const committing = batch;
  batch = 0;
  try {
    writer.exec('commit');
  } catch (error) {
    if (writer.inTransaction) writer.exec('rollback');
    post({ kind: 'batch', batch: committing, error: carried(error) });
    return;
  }
  post({ kind: 'batch', batch: committing });
}

/** Gives the WAL's checkpoints their turn after a commit; requests wait while the last step runs. */
function checkpointTurn(): void {
  const lastStep = checkpoints?.afterCommit();
  if (!lastStep) return;
  checkpointing = true;
  void lastStep.then(() => {
    checkpointing = false;
    while (!checkpointing && waiting.length > 0) receive(waiting.shift() as PostedRequest);
  });
}

/** Commits once the requests that arrived together are handled (and no app transaction is open). */
function commitSoon(): void {
  if (batch === 0 || appTransaction || moreComing || commitQueued) return;
  commitQueued = true;
  setImmediate(() => {
    commitQueued = false;
    if (appTransaction || moreComing || batch === 0) return;
    commit();
    checkpointTurn();
  });
}

/** The statement texts the other thread numbered (see PostedStatement). */
const texts: string[] = [];

function statementOf({ number, sql, parameters }: PostedStatement): Statement {
  const text = sql ?? texts[number];
  if (text === undefined) throw new Error(`no statement text numbered ${number}`);
  return { sql: text, parameters };
}

/** Learns the texts `statements` bring, every one of them before any is looked up. */
function learn(statements: readonly PostedStatement[]): void {
  for (const { number, sql } of statements) if (sql !== undefined && number >= 0) texts[number] = sql;
}

/** A request as posted, with each statement's text (learning the texts it brings first). */
function received(request: PostedRequest): WriterRequest {
  switch (request.op) {
    case 'change':
    case 'run':
      learn(request.statements);
      return { ...request, statements: request.statements.map(statementOf) };
    case 'read':
      learn([request.statement]);
      return { ...request, statement: statementOf(request.statement) };
    default:
      return request;
  }
}

/** Runs statements in order, answering the first's result. */
function runAll(statements: readonly Statement[]): QueryResult<unknown> {
  let first: QueryResult<unknown> | undefined;
  for (const statement of statements) {
    const result = runStatement(writer, statement);
    first ??= result;
  }
  if (!first) throw new Error('a request to run no statement');
  return first;
}

/** Handles one request; answers its result, or the batch it joined. */
function handle(request: WriterRequest): WriterMessage {
  switch (request.op) {
    case 'change': {
      // A change of its own, whole: its statements, kept or undone together.
      moreComing = request.more;
      const joined = begin();
      let result: QueryResult<unknown>;
      try {
        result = runAll(request.statements);
        keep();
      } catch (error) {
        undo();
        throw error;
      }
      return { kind: 'reply', result, batch: joined };
    }
    case 'begin':
      begin();
      appTransaction = true;
      return { kind: 'reply' };
    case 'run':
      if (!appTransaction) throw new Error('no transaction is open on the writer');
      // Nothing runs outside the shared transaction, where it would commit on its own.
      checkBatchAlive();
      try {
        return { kind: 'reply', result: runAll(request.statements) };
      } catch (error) {
        if (!writer.inTransaction) failBatch(new Error(ROLLED_BACK));
        throw error;
      }
    case 'end': {
      if (!appTransaction) throw new Error('no transaction is open on the writer');
      appTransaction = false;
      moreComing = request.more;
      const joined = batch;
      if (!request.keep) {
        undo();
        return { kind: 'reply' };
      }
      try {
        keep();
      } catch (error) {
        undo();
        throw error;
      }
      return { kind: 'reply', batch: joined };
    }
    case 'read':
      // Without a reader connection (a database in memory), a read sees only what is durable.
      commit();
      return { kind: 'reply', result: runStatement(writer, request.statement) };
    case 'close':
      try {
        commit();
      } finally {
        void closeAll();
      }
      return { kind: 'reply' };
  }
}

/** Closes the checkpoints' connection, then the writer's: as the file's last, it removes the WAL. */
async function closeAll(): Promise<void> {
  await checkpoints?.close();
  writer.close();
  port.close();
}

/** Handles a request (in its turn: see the listener below). */
function receive(request: PostedRequest): void {
  moreComing = false;
  let message: WriterMessage;
  try {
    message = handle(received(request));
  } catch (error) {
    message = { kind: 'reply', error: carried(error) };
  }
  if (request.op !== 'close') {
    post(message);
    commitSoon();
  }
}

// A request waits while a checkpoint's last step runs, and behind those that waited.
port.on('message', (request: PostedRequest) => {
  if (checkpointing || waiting.length > 0) waiting.push(request);
  else receive(request);
});
