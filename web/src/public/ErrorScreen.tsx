import type { ReactNode } from 'react';
import { LogoMark } from './icons';
import { siteName } from './site';
import './public.css';

/**
 * Full-page frame of the 404 and 500 pages. Standalone on purpose: it is what an error boundary
 * shows when the normal layout itself may be what failed, so it needs no router and no config.
 */
export function ErrorScreen({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <div className="pub pub-error-page">
      <header className="pub-header">
        <a href="/" className="pub-brand">
          <LogoMark />
          <span>{siteName()}</span>
        </a>
      </header>
      <main className="pub-main pub-error">
        <p className="pub-error-code" aria-hidden="true">
          {code}
        </p>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
