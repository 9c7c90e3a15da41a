import { describe, expect, it } from 'vitest';
import { JavaMissingError, startDynamoDb } from '../../local/dynamodb.ts';

describe('DynamoDB Local without Java', () => {
  it('stops with a message that says how to install Java', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const error = await startDynamoDb(null).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JavaMissingError);
      expect((error as Error).message).toMatch(/Java 17 or newer is required/);
      expect((error as Error).message).toMatch(/apt-get install -y openjdk-17-jre-headless/);
    } finally {
      process.env.PATH = path;
    }
  });
});
