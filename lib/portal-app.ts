/**
 * Builds the stacks of one environment into an App: used by bin/portal.ts (the CDK app) and by
 * the infra tests, so both synthesize exactly the same thing.
 */
import { App, Tags } from 'aws-cdk-lib';
import { ApiStack, type ApiStackProps } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { loadConfig, stackName, type PortalConfig } from './config.ts';
import { DataStack } from './data-stack.ts';
import { MediaStack } from './media-stack.ts';
import { applyNag } from './nag.ts';
import { WebStack } from './web-stack.ts';

export interface PortalStacks {
  config: PortalConfig;
  auth: AuthStack;
  data: DataStack;
  media: MediaStack;
  api: ApiStack;
  web: WebStack;
}

export function buildPortal(app: App, options: { resolverMap?: ApiStackProps['resolverMap'] } = {}): PortalStacks {
  const config = loadConfig(app.node);
  const env = { account: config.account, region: config.region };
  const name = (part: string) => ({ stackName: stackName(config, part), env, description: `Practice Portal ${config.envName}: ${part}` });

  const data = new DataStack(app, stackName(config, 'Data'), { ...name('Data'), config, terminationProtection: config.deletionProtection });
  const auth = new AuthStack(app, stackName(config, 'Auth'), { ...name('Auth'), config, tables: data.tables, terminationProtection: config.deletionProtection });
  const media = new MediaStack(app, stackName(config, 'Media'), { ...name('Media'), config, terminationProtection: config.deletionProtection });
  const api = new ApiStack(app, stackName(config, 'Api'), {
    ...name('Api'), config, userPool: auth.userPool, userPoolClient: auth.client, tables: data.tables, profileImages: media.profileImages, resolverMap: options.resolverMap,
  });
  const web = new WebStack(app, stackName(config, 'Web'), {
    ...name('Web'),
    config,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
    graphqlUrl: api.graphql.api.graphqlUrl,
    restUrl: api.publicApi.url,
    mediaBucketDomain: media.profileImages.bucketRegionalDomainName,
  });

  Tags.of(app).add('Application', 'PracticePortal');
  Tags.of(app).add('Environment', config.envName);
  applyNag(app);
  return { config, auth, data, media, api, web };
}
