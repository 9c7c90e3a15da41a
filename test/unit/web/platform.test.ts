import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../../domain/runtime-config';
import { amplifyResources } from '../../../web/src/platform/amplify';
import { parseRuntimeConfig } from '../../../web/src/platform/config';
import { installLocalWebSocketFix, rewriteLocalWebSocketUrl } from '../../../web/src/platform/local-websocket';

const page = { protocol: 'http:', host: 'localhost:3000' };

describe('local WebSocket rewrite (Amplify turns http:// into wss://)', () => {
  it('opens wss://<page host> as ws:// when the page is plain http', () => {
    expect(rewriteLocalWebSocketUrl('wss://localhost:3000/graphql/realtime?header=abc&payload=e30=', page)).toBe(
      'ws://localhost:3000/graphql/realtime?header=abc&payload=e30=',
    );
  });

  it('leaves every other URL alone', () => {
    const untouched = [
      'wss://abc.appsync-realtime-api.us-east-1.amazonaws.com/graphql',
      'wss://localhost:4000/graphql/realtime',
      'wss://127.0.0.1:3000/graphql/realtime',
      'ws://localhost:3000/signaling',
      'not a url',
    ];
    for (const url of untouched) expect(rewriteLocalWebSocketUrl(url, page), url).toBe(url);
    expect(rewriteLocalWebSocketUrl('wss://portal.example/graphql/realtime', { protocol: 'https:', host: 'portal.example' })).toBe(
      'wss://portal.example/graphql/realtime',
    );
  });

  it('installs a WebSocket subclass once, keeping the constants', () => {
    const opened: Array<[string, unknown]> = [];
    class FakeSocket {
      static readonly OPEN = 1;
      constructor(url: string, protocols?: string | string[]) {
        opened.push([url, protocols]);
      }
    }
    const host = { WebSocket: FakeSocket as unknown as typeof WebSocket, location: page };
    installLocalWebSocketFix(host);
    const installed = host.WebSocket;
    installLocalWebSocketFix(host);
    expect(host.WebSocket).toBe(installed);
    const socket = new host.WebSocket('wss://localhost:3000/graphql/realtime', ['graphql-ws']);
    expect(socket).toBeInstanceOf(FakeSocket);
    expect(host.WebSocket.OPEN).toBe(1);
    expect(opened).toEqual([['ws://localhost:3000/graphql/realtime', ['graphql-ws']]]);
  });
});

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
