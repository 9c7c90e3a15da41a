import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { MESSAGES } from '../../domain/messages';
import { loadRuntimeConfig } from './platform/config';
import { installLocalWebSocketFix } from './platform/local-websocket';
import { AppRoutes } from './routes';

async function start(): Promise<void> {
  // React's default reporting prints whole errors, whose messages may carry PHI: names only.
  const report = (kind: string) => (error: unknown) => console.error(`${kind}: ${error instanceof Error ? error.name : 'Error'}`);
  const root = createRoot(document.getElementById('root')!, { onCaughtError: report('page render failed'), onUncaughtError: report('render failed'), onRecoverableError: report('recovered') });
  try {
    const config = await loadRuntimeConfig();
    // Before anything can import Amplify, so its realtime socket goes through the fix.
    if (config.backend === 'local') installLocalWebSocketFix();
    document.title = config.siteName;
  } catch {
    root.render(<p style={{ font: '16px system-ui, sans-serif', padding: 24 }}>{MESSAGES.defaultError}</p>);
    return;
  }
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
