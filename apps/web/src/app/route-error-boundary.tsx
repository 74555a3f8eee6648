import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Last line of defence when a page throws while rendering or its code cannot be loaded (for example
 * after a deployment replaced the old chunks): say so and offer a reload instead of a blank screen.
 * The layout keys it by path, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="container py-5 text-center" role="alert">
        <h1 className="h3">Something went wrong</h1>
        <p className="text-body-secondary">This page could not be shown ({this.state.error.message}).</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
