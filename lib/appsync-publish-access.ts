/**
 * A Lambda that publishes subscription events through IAM-only mutations (functions/shared/
 * appsync-publish.ts): the API's URL in GRAPHQL_URL and `appsync:GraphQL` on exactly those
 * Mutation fields (arn:…:apis/<id>/types/Mutation/fields/<field>), nothing else of the API.
 */
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

export function grantAppsyncPublish(fn: lambda.Function, api: appsync.GraphqlApi, fields: string[]): void {
  fn.addEnvironment('GRAPHQL_URL', api.graphqlUrl);
  api.grantMutation(fn, ...fields);
}
