import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Last line of defence for a rendering bug: a plain message and a reload link. It has no i18n on
 * purpose: the failure may be i18n itself.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 2rem', textAlign: 'center' }}>
        <h1 style={{ fontSize: '1.5rem' }}>Something went wrong.</h1>
        <p>
          <a href="/">Reload the console</a>
        </p>
      </div>
    );
  }
}
