import { Amplify, type ResourcesConfig } from 'aws-amplify';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { getRuntimeConfig } from './config';

/** Amplify v6 resources from the runtime config (Cognito user pool + AppSync with user-pool auth). */
export function amplifyResources(config: RuntimeConfig): ResourcesConfig {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
    API: {
      GraphQL: {
        endpoint: config.graphqlEndpoint,
        region: config.region,
        defaultAuthMode: 'userPool',
      },
    },
  };
}

let configured = false;

/** Configures Amplify once. Imported only by the signed-in part of the console (lazy chunks). */
export function ensureAmplifyConfigured(): RuntimeConfig {
  const config = getRuntimeConfig();
  if (!configured) {
    Amplify.configure(amplifyResources(config));
    configured = true;
  }
  return config;
}
