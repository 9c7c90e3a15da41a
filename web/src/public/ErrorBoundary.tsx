import { Component, type ErrorInfo, type ReactNode } from 'react';
import ServerErrorPage from '../pages/ServerErrorPage';

/**
 * Shows the 500 page ('Internal Server Error') instead of a blank screen when rendering below it
 * throws, including a lazy page chunk that failed to load. The URL is kept, so reloading retries.
 * Logs only the error's name and message (never props or state, which may hold PHI).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    console.error(`page render failed: ${name}: ${message}`);
  }

  render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}
