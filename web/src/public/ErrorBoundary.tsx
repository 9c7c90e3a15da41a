import { Component, type ErrorInfo, type ReactNode } from 'react';
import ServerErrorPage from './ServerErrorPage';

/**
 * Shows the 500 page ('Internal Server Error') instead of a blank screen when rendering below it
 * throws, including a lazy page chunk that failed to load. The URL is kept, so reloading retries.
 * Logs only the error's name (a message, props or state may hold PHI).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    console.error(`page render failed: ${error instanceof Error ? error.name : 'Error'}`);
  }

  render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}
