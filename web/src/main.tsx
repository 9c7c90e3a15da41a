import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { MESSAGES } from '../../domain/messages';
import { loadRuntimeConfig } from './platform/config';
import { installLocalWebSocketFix } from './platform/local-websocket';
import { AppRoutes } from './routes';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
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
