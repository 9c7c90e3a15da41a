/**
 * The console's Content-Security-Policy: scripts and styles from its own origin only; network
 * calls only to its own API, Cognito, the media bucket (presigned URLs) and Chime (video).
 */
import { Fn } from 'aws-cdk-lib';

export interface CspEndpoints {
  region: string;
  /** https://<id>.appsync-api.<region>.amazonaws.com/graphql */
  graphqlUrl: string;
  /** https://<id>.execute-api.<region>.amazonaws.com */
  restUrl: string;
  /** <bucket>.s3.<region>.amazonaws.com */
  mediaBucketDomain: string;
}

export function contentSecurityPolicy(e: CspEndpoints): string {
  const graphqlHost = Fn.select(2, Fn.split('/', e.graphqlUrl));
  // Subscriptions use the API's realtime host: same prefix, appsync-realtime-api.
  const realtimeHost = `${Fn.select(0, Fn.split('.', graphqlHost))}.appsync-realtime-api.${e.region}.amazonaws.com`;
  const connect = [
    "'self'",
    `https://${graphqlHost}`,
    `wss://${realtimeHost}`,
    e.restUrl,
    `https://cognito-idp.${e.region}.amazonaws.com`,
    `https://${e.mediaBucketDomain}`,
    // Chime SDK signaling and media endpoints (video visits).
    'https://*.chime.aws',
    'wss://*.chime.aws',
  ];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Cloudscape sets inline style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://${e.mediaBucketDomain}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}
