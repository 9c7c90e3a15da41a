import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { getRuntimeConfig } from '../platform/config';
import './public.css';

/**
 * Frame of the public pages (landing, pricing, help, sign-up). Plain React and one small CSS file:
 * these pages are what strangers load first, so they stay free of Cloudscape and Amplify.
 */
export function PublicHeader() {
  const { siteName } = getRuntimeConfig();
  const loggedIn = hasLoggedInFlag();
  return (
    <header className="pub-header">
      <Link to="/" className="pub-brand">
        {siteName}
      </Link>
      <nav aria-label="Main" className="pub-nav">
        <Link to="/#about">About Us</Link>
        <Link to="/help">Help</Link>
        <Link to="/pricing">Pricing</Link>
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
  const { siteName } = getRuntimeConfig();
  return (
    <footer className="pub-footer">
      <nav aria-label="Footer" className="pub-footer-nav">
        <Link to="/#about">About Us</Link>
        <Link to="/pricing">Pricing</Link>
        <Link to="/help">Help</Link>
        <Link to="/signin">Login</Link>
      </nav>
      <p>
        © {new Date().getFullYear()} {siteName}. HIPAA-compliant practice tools for behavioral-health clinicians.
      </p>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="pub">
      <PublicHeader />
      <main className="pub-main">{children}</main>
      <PublicFooter />
    </div>
  );
}
