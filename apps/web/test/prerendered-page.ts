import { screen, waitFor, within } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';

/** Whether React has adopted this element (hydration attaches its fiber to the existing node). */
const adoptedByReact = (element: Element): boolean =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

const MULTIPLE_RENDERERS =
  'Detected multiple renderers concurrently rendering the same context provider. This is currently unsupported.';

/**
 * The built page as the browser starts from it, at its address: its markup in `#root`. Before any
 * script ran, it shows its heading (returned) and the navbar says the sign-in state is being checked.
 */
export function showPrerendered(
  url: string,
  html: string,
  expected: { heading: string; checkingSignIn: string },
): { container: HTMLElement; h1: HTMLElement } {
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const h1 = screen.getByRole('heading', { level: 1 });
  expect(h1).toHaveTextContent(expected.heading);
  expect(within(screen.getByRole('navigation')).getByRole('status')).toHaveTextContent(
    expected.checkingSignIn,
  );
  return { container, h1 };
}

/**
 * Records, until the test ends, what goes wrong while a page hydrates: console errors and uncaught
 * ones, but for the warning React's development build gives because the server renderer ran in this
 * same process.
 */
export function recordErrors(): readonly unknown[] {
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    if (args[0] !== MULTIPLE_RENDERERS) errors.push(args);
  });
  const onError = (event: ErrorEvent) => errors.push(event.error);
  window.addEventListener('error', onError);
  onTestFinished(() => {
    window.removeEventListener('error', onError);
    consoleError.mockRestore();
  });
  return errors;
}

/**
 * The app has taken over the prerendered page: the session is known (the navbar offers `login`), the
 * prerendered heading is the node React kept, and the document has its title.
 */
export async function expectHydrated(h1: HTMLElement, expected: { login: string; title: string }) {
  await within(screen.getByRole('navigation')).findByRole('link', { name: expected.login });
  await waitFor(() => expect(adoptedByReact(h1)).toBe(true));
  expect(screen.getByRole('heading', { level: 1 })).toBe(h1);
  await waitFor(() => expect(document.title).toBe(expected.title));
}
