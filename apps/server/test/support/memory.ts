import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A garbage collector to call, so that heap figures measure what is kept, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Bytes of heap still in use after a full garbage collection. */
export function retainedHeapBytes(): number {
  collectGarbage();
  collectGarbage();
  return getHeapStatistics().used_heap_size;
}
