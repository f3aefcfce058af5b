import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BASE } from '../router.js';

interface State {
  error: Error | null;
}

/**
 * One per page: a page that throws while rendering shows what went wrong and a way back, instead
 * of blanking the whole app (the navigation stays usable). Re-mounted on every navigation.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('dashboard page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="error page-error">
        <h1>This page could not be shown</h1>
        <p>
          Something in it failed in your browser: <code>{error.message}</code>
        </p>
        <p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>{' '}
          <a href={window.location.pathname}>Reload without filters</a> · <a href={BASE}>Back to the overview</a>
        </p>
      </div>
    );
  }
}
