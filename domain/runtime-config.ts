/**
 * The console's runtime configuration, served as /config.json: one web build runs locally and on
 * CloudFront, only this file differs. Written by the Web stack in AWS and by the local runtime.
 */
export interface RuntimeConfig {
  siteName: string;
  /** 'local' installs the local WebSocket fix and uses USER_PASSWORD_AUTH (cognito-local has no SRP). */
  backend: 'aws' | 'local';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (local runtime only). */
  userPoolEndpoint?: string;
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  graphqlEndpoint: string;
  /** Public REST gateway base URL (pre-login calls), no trailing slash. */
  restEndpoint: string;
  /** Automatic logoff after this many idle minutes (HIPAA addressable safeguard). */
  idleTimeoutMinutes: number;
  defaultLanguage: 'en' | 'zh' | 'es' | 'fr' | 'it';
}

export const SITE_NAME = 'Practice Portal';
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 15;
