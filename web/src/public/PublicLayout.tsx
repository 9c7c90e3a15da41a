import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { PageErrorBoundary } from './ErrorBoundary';
import { LogoMark } from './icons';
import { siteName } from './site';
import './public.css';

/**
 * Frame of the public pages (landing, pricing, help, sign-up, the client's video join). Plain React
 * and one small CSS file: these pages are what strangers load first, so they stay free of
 * Cloudscape and Amplify (ARCHITECTURE §7; web/scripts/check-bundles.ts enforces it).
 */
export function PublicHeader() {
  // The spec's isLoggedin flag: Signup Now becomes Dashboard for someone already signed in.
  const loggedIn = hasLoggedInFlag();
  return (
    <header className="pub-header">
      <Link to="/" className="pub-brand">
        <LogoMark />
        <span>{siteName()}</span>
      </Link>
      <nav aria-label="Main" className="pub-nav">
        <Link to="/#about">About Us</Link>
        <Link to="/pricing">Pricing</Link>
        <Link to="/help">Help</Link>
        <Link to="/signin">Login</Link>
        {loggedIn ? (
          <Link to="/app/clients" className="pub-button">
            Dashboard
          </Link>
        ) : (
          <Link to="/signup" className="pub-button">
            Signup Now
          </Link>
        )}
      </nav>
    </header>
  );
}

export function PublicFooter() {
  const name = siteName();
  return (
    <footer className="pub-footer">
      <div className="pub-footer-inner">
        <div>
          <p className="pub-footer-brand">
            <LogoMark /> {name} for Clinicians
          </p>
          <p>Evidence-based tools and practice management for behavioral-health clinicians.</p>
        </div>
        <nav aria-label="Footer" className="pub-footer-nav">
          <Link to="/#about">About Us</Link>
          <Link to="/pricing">Pricing</Link>
          <Link to="/help">Help</Link>
          <Link to="/signin">Login</Link>
          <Link to="/signup">Signup Now</Link>
        </nav>
      </div>
      <p className="pub-footer-legal">
        © {new Date().getFullYear()} {name}. All rights reserved.
      </p>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <div className="pub">
        <a href="#main" className="pub-skip">
          Skip to content
        </a>
        <PublicHeader />
        <main id="main" className="pub-main" tabIndex={-1}>
          {children}
        </main>
        <PublicFooter />
      </div>
    </PageErrorBoundary>
  );
}
