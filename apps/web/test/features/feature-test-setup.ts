import { configure } from '@testing-library/react';
import { authClient } from '../../src/lib/auth-client.ts';

/*
 * Imported by the auth and inventory feature tests.
 *
 * 1. Pages load lazily behind Suspense, and on a busy machine compiling a route's chunk can take more
 *    than Testing Library's default 1 s of waiting. Waiting up to 10 s is still a plain "eventually";
 *    nothing asserts on time.
 * 2. Better Auth's session store tears itself down 1 s after its last subscriber leaves, and that
 *    teardown calls window.removeEventListener. When a test file ends within that second, jsdom's
 *    window is already gone and the teardown throws an uncaught error into the run. One subscriber kept
 *    for the life of the test file means the teardown never runs after the window is gone.
 */
configure({ asyncUtilTimeout: 10_000 });

const sessionAtom = authClient.$store.atoms.session;
if (!sessionAtom) throw new Error('Better Auth client has no session store');
sessionAtom.listen(() => undefined);
