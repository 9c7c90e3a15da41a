import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { amplifyResources } from '../../../web/src/platform/amplify';
import { parseRuntimeConfig } from '../../../web/src/platform/config';

const local: RuntimeConfig = {
  siteName: 'Practice Portal',
  backend: 'local',
  region: 'us-east-1',
  userPoolId: 'us-east-1_PortalLocal',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:3000/cognito',
  authFlowType: 'USER_PASSWORD_AUTH',
  graphqlEndpoint: 'http://localhost:3000/graphql',
  restEndpoint: 'http://localhost:3000/rest',
  idleTimeoutMinutes: 15,
  defaultLanguage: 'en',
};

describe('runtime config', () => {
  it('parses a valid config.json and rejects a broken one', () => {
    expect(parseRuntimeConfig(JSON.parse(JSON.stringify(local)))).toEqual(local);
    expect(() => parseRuntimeConfig({ ...local, backend: 'gcp' })).toThrow(/backend/);
    expect(() => parseRuntimeConfig({ ...local, graphqlEndpoint: '' })).toThrow(/graphqlEndpoint/);
    expect(() => parseRuntimeConfig(null)).toThrow();
  });

  it('configures Amplify for Cognito e-mail sign-in and user-pool GraphQL', () => {
    expect(amplifyResources(local)).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'us-east-1_PortalLocal',
          userPoolClientId: 'client',
          userPoolEndpoint: 'http://localhost:3000/cognito',
          loginWith: { email: true },
        },
      },
      API: { GraphQL: { endpoint: 'http://localhost:3000/graphql', region: 'us-east-1', defaultAuthMode: 'userPool' } },
    });
    const { userPoolEndpoint: _omit, ...aws } = local;
    expect(amplifyResources({ ...aws, backend: 'aws' }).Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
  });
});
