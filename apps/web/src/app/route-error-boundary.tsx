import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../i18n/i18n.ts';

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
        <h1 className="h3">{translate('routeError.heading')}</h1>
        <p className="text-body-secondary">
          {translate('routeError.text', { reason: this.state.error.message })}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {translate('routeError.reload')}
        </button>
      </section>
    );
  }
}
